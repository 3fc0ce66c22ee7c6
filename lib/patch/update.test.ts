import { describe, expect, it } from "vitest";
import { sampleCloneSet } from "./fixtures/cloneset";
import { failedTests } from "./guarded";
import type { JsonObject } from "./json";
import { applyJsonPatch } from "./json-patch";
import {
  partitionPatch,
  pausePatch,
  replicasPatch,
  revisionTemplate,
  rollbackEveryPodPatch,
  rollbackPatch,
  rollingLimitsPatch,
} from "./update";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const edit = (o: JsonObject, f: (o: Obj) => void): JsonObject => {
  const c = structuredClone(o);
  f(c);
  return c;
};
const send = (live: JsonObject, body: string): Obj => applyJsonPatch(live, JSON.parse(body));
const statusChurn = (o: Obj) => {
  o.metadata.resourceVersion = "2000";
  o.status.updatedReplicas = 4;
};

describe("partitionPatch", () => {
  it("tests the partition as shown and the generation, then sets it", () => {
    const r = partitionPatch(sampleCloneSet(), 1);
    expect(r.contentType).toBe("application/json-patch+json");
    expect(JSON.parse(r.body)).toEqual([
      { op: "test", path: "/spec/updateStrategy/partition", value: 3 },
      { op: "test", path: "/metadata/generation", value: 3 },
      { op: "add", path: "/spec/updateStrategy/partition", value: 1 },
    ]);
    expect(r.note).toMatch(/partition 3 → 1/);
  });

  it("succeeds while the controller churns status", () => {
    const base = sampleCloneSet();
    expect(send(edit(base, statusChurn), partitionPatch(base, 1).body).spec.updateStrategy.partition).toBe(1);
  });

  it("fails if someone changed the partition meanwhile, naming the partition", () => {
    const base = sampleCloneSet();
    const live = edit(base, (o) => {
      o.spec.updateStrategy.partition = 4;
      o.metadata.generation = 4;
    });
    expect(() => send(live, partitionPatch(base, 1).body)).toThrow(/\/spec\/updateStrategy\/partition/);
  });

  it("fails if the spec changed elsewhere (generation moved), unless only the field is guarded", () => {
    const base = sampleCloneSet();
    const live = edit(base, (o) => {
      o.spec.replicas = 9;
      o.metadata.generation = 4;
    });
    expect(() => send(live, partitionPatch(base, 1).body)).toThrow(/\/metadata\/generation/);
    expect(send(live, partitionPatch(base, 1, { precondition: "field" }).body).spec.updateStrategy.partition).toBe(1);
  });

  it("an unset partition is tested as absent; a missing updateStrategy is created", () => {
    const noPartition = edit(sampleCloneSet(), (o) => {
      delete o.spec.updateStrategy.partition;
    });
    expect(JSON.parse(partitionPatch(noPartition, "50%").body)[0]).toEqual({
      op: "test",
      path: "/spec/updateStrategy/partition",
      value: null,
    });
    const noStrategy = edit(sampleCloneSet(), (o) => {
      delete o.spec.updateStrategy;
    });
    const body = JSON.parse(partitionPatch(noStrategy, 2).body);
    expect(body[0]).toEqual({ op: "test", path: "/spec/updateStrategy", value: null });
    expect(send(noStrategy, JSON.stringify(body)).spec.updateStrategy).toEqual({ partition: 2 });
  });

  it("after a 422, the failing guards name what changed (the server's 422 does not)", () => {
    const base = sampleCloneSet();
    const r = partitionPatch(base, 1);
    const live = edit(base, (o) => {
      o.spec.updateStrategy.partition = 2;
      o.metadata.generation = 4;
      statusChurn(o);
    });
    expect(failedTests(r.body, live)).toEqual([
      { path: "/spec/updateStrategy/partition", expected: 3, actual: 2 },
      { path: "/metadata/generation", expected: 3, actual: 4 },
    ]);
    expect(failedTests(r.body, edit(base, statusChurn))).toEqual([]);
  });
});

describe("pause, resume and surge limits", () => {
  it("pause sets paused=true and resume sets it false", () => {
    const base = sampleCloneSet();
    expect(send(base, pausePatch(base, true).body).spec.updateStrategy.paused).toBe(true);
    const paused = edit(base, (o) => {
      o.spec.updateStrategy.paused = true;
    });
    const r = pausePatch(paused, false);
    expect(JSON.parse(r.body)[0]).toEqual({ op: "test", path: "/spec/updateStrategy/paused", value: true });
    expect(send(paused, r.body).spec.updateStrategy.paused).toBe(false);
  });

  it("maxSurge set and maxUnavailable reset to default in one guarded patch", () => {
    const base = sampleCloneSet();
    const r = rollingLimitsPatch(base, { maxUnavailable: null, maxSurge: 1 });
    const after = send(base, r.body);
    expect(after.spec.updateStrategy.maxSurge).toBe(1);
    expect("maxUnavailable" in after.spec.updateStrategy).toBe(false);
    expect(r.note).toMatch(/maxUnavailable "20%" → default, maxSurge unset → 1/);
  });
});

describe("rollbackPatch", () => {
  const revision = (tpl: Obj): JsonObject => ({
    apiVersion: "apps/v1",
    kind: "ControllerRevision",
    metadata: { name: "sample-6f8b9d5c4" },
    revision: 1,
    data: { spec: { template: { ...tpl, $patch: "replace" } } },
  });

  it("replaces the template with the revision's (without $patch) when nothing changed", () => {
    const base = sampleCloneSet();
    const old = edit(base, (o) => {
      o.spec.template.spec.containers[0].image = "nginx:1.24";
    }) as Obj;
    const rev = revision(old.spec.template);
    expect(revisionTemplate(rev)).toEqual(old.spec.template);
    const after = send(edit(base, statusChurn), rollbackPatch(base, rev).body);
    expect(after.spec.template).toEqual(old.spec.template);
    expect(after.status.updatedReplicas).toBe(4);
  });

  it("fails if the template changed since the preview", () => {
    const base = sampleCloneSet();
    const rev = revision((sampleCloneSet() as Obj).spec.template);
    const live = edit(base, (o) => {
      o.spec.template.spec.containers[0].image = "nginx:9";
    });
    expect(() => send(live, rollbackPatch(base, rev, { precondition: "field" }).body)).toThrow(/\/spec\/template/);
  });

  it("rolling back every pod sets the template and partition 0 in one request, guarded by both as shown", () => {
    const base = sampleCloneSet();
    const old = edit(base, (o) => {
      o.spec.template.spec.containers[0].image = "nginx:1.24";
    }) as Obj;
    const r = rollbackEveryPodPatch(base, revision(old.spec.template));
    expect(r.note).toMatch(
      /^Roll back every pod: the pod template to sample-6f8b9d5c4 \(revision 1\) and partition 3 → 0/,
    );
    const after = send(edit(base, statusChurn), r.body);
    expect([after.spec.template, after.spec.updateStrategy.partition]).toEqual([old.spec.template, 0]);
    const moved = edit(base, (o) => {
      o.spec.updateStrategy.partition = 5;
    });
    expect(() =>
      send(moved, rollbackEveryPodPatch(base, revision(old.spec.template), { precondition: "field" }).body),
    ).toThrow(/\/spec\/updateStrategy\/partition/);
  });
});

describe("replicasPatch", () => {
  it("tests the replica count as shown and the generation, then sets it", () => {
    const base = sampleCloneSet() as Obj;
    const r = replicasPatch(base, 2);
    expect(JSON.parse(r.body)).toEqual([
      { op: "test", path: "/spec/replicas", value: base.spec.replicas },
      { op: "test", path: "/metadata/generation", value: base.metadata.generation },
      { op: "add", path: "/spec/replicas", value: 2 },
    ]);
    expect(r.note).toMatch(new RegExp(`replicas ${base.spec.replicas} → 2`));
  });
});
