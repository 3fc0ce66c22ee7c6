import { describe, expect, it } from "vitest";
import { diffObjects } from "./diff";
import { sampleCloneSet } from "./fixtures/cloneset";
import { predictInPlace } from "./inplace-prediction";
import type { JsonObject } from "./json";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const edit = (o: JsonObject, f: (o: Obj) => void): JsonObject => {
  const c = structuredClone(o);
  f(c);
  return c;
};
const app = (o: Obj) => o.spec.template.spec.containers[0];

describe("diffObjects", () => {
  it("their change while I edit: replicas and a sidecar env var, status churn ignored", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      o.spec.replicas = 9;
      o.spec.template.spec.containers[1].env[0].value = "debug";
      o.status.readyReplicas = 1;
      o.metadata.resourceVersion = "9";
    });
    expect(diffObjects(a, b).map((c) => [c.field, c.before, c.after])).toEqual([
      ["spec.replicas", 5, 9],
      ["spec.template.spec.containers[name=sidecar].env[name=LEVEL].value", "info", "debug"],
    ]);
  });
  it("keyed lists compare by key whatever the order; added and removed elements are whole", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      const cs = o.spec.template.spec.containers;
      cs.reverse();
      cs.push({ name: "new", image: "x" });
      cs.splice(0, 1);
    });
    expect(diffObjects(a, b).map((c) => [c.field, c.before === undefined, c.after === undefined])).toEqual([
      ["spec.template.spec.containers[name=sidecar]", false, true],
      ["spec.template.spec.containers[name=new]", true, false],
    ]);
  });
  it("revision template diff: an atomic list of another length is one change", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      o.spec.template.spec.containers[1].args.push("x");
    });
    expect(diffObjects((a as Obj).spec.template, (b as Obj).spec.template)).toEqual([
      expect.objectContaining({
        field: "spec.containers[name=sidecar].args",
        before: ["sleep", "infinity"],
        after: ["sleep", "infinity", "x"],
      }),
    ]);
  });
});

describe("predictInPlace (docs/kruise-rules.md §7.1)", () => {
  it("an image change under InPlaceIfPossible goes in place to replicas − partition pods", () => {
    const a = sampleCloneSet();
    const p = predictInPlace(
      a,
      edit(a, (o) => {
        app(o).image = "nginx:1.27";
      }),
    );
    expect(p).toMatchObject({
      mode: "in-place",
      replicas: 5,
      partitionReplicas: 3,
      podsToUpdate: 2,
      containers: [{ name: "app", change: "image", from: "nginx:1.25", to: "nginx:1.27" }],
    });
    expect(p.summary).toBe("Applied in place to 2 pods (same pods, containers restarted).");
  });
  it("an env change recreates pods, naming the field", () => {
    const a = sampleCloneSet();
    const p = predictInPlace(
      a,
      edit(a, (o) => {
        app(o).env[0].value = "dev";
      }),
    );
    expect(p).toMatchObject({
      mode: "recreate",
      inPlaceCapable: false,
      reasons: ["spec.template.spec.containers[name=app].env"],
    });
  });
  it("InPlaceOnly with a change that needs recreate is blocked", () => {
    const a = edit(sampleCloneSet(), (o) => {
      o.spec.updateStrategy.type = "InPlaceOnly";
    });
    expect(
      predictInPlace(
        a,
        edit(a, (o) => {
          o.spec.template.spec.containers.pop();
        }),
      ).mode,
    ).toBe("blocked");
  });
  it("ReCreate strategy recreates even an image-only change", () => {
    const a = edit(sampleCloneSet(), (o) => {
      o.spec.updateStrategy.type = "ReCreate";
    });
    expect(
      predictInPlace(
        a,
        edit(a, (o) => {
          app(o).image = "x";
        }),
      ),
    ).toMatchObject({ mode: "recreate", inPlaceCapable: true });
  });
  it("a template label read by an env fieldRef restarts that container in place", () => {
    const a = sampleCloneSet();
    const p = predictInPlace(
      a,
      edit(a, (o) => {
        o.spec.template.metadata.labels.track = "canary";
      }),
    );
    expect(p).toMatchObject({
      mode: "in-place",
      metadataChanged: true,
      containers: [{ name: "app", change: "env-from-metadata" }],
    });
    expect(
      predictInPlace(
        a,
        edit(a, (o) => {
          o.spec.template.metadata.labels.track = "canary";
        }),
        { InPlaceUpdateEnvFromMetadata: false },
      ).containers,
    ).toEqual([]);
  });
  it("resources change in place only with the vertical scaling gate", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      app(o).resources = { requests: { cpu: "200m" } };
    });
    expect(predictInPlace(a, b).mode).toBe("recreate");
    expect(predictInPlace(a, b, { InPlaceWorkloadVerticalScaling: true }).mode).toBe("in-place");
  });
  it("no template change touches no pod; a percentage partition uses Kruise's rounding", () => {
    const a = sampleCloneSet();
    expect(
      predictInPlace(
        a,
        edit(a, (o) => {
          o.spec.replicas = 6;
        }),
      ).mode,
    ).toBe("none");
    const p = predictInPlace(
      a,
      edit(a, (o) => {
        o.spec.updateStrategy.partition = "99%";
        app(o).image = "x";
      }),
    );
    expect(p).toMatchObject({ partitionReplicas: 4, podsToUpdate: 1 });
  });

  it("replicas 4 → 5 with an image change: 4 existing pods in place and 1 created at the new revision, never 5 in place", () => {
    const a = edit(sampleCloneSet(), (o) => {
      o.spec.replicas = 4;
      o.spec.updateStrategy.partition = 0;
      o.status.replicas = 4;
    });
    const p = predictInPlace(
      a,
      edit(a, (o) => {
        o.spec.replicas = 5;
        app(o).image = "nginx:1.27";
      }),
    );
    expect(p).toMatchObject({ podsToUpdate: 5, existingToUpdate: 4, createdToUpdate: 1 });
    expect(p.summary).toBe(
      "Applied in place to 4 pods (same pods, containers restarted). 1 pod is created at the new revision.",
    );
  });
});
