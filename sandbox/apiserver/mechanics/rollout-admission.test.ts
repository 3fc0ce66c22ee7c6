import { describe, expect, it } from "vitest";
import { ApiError } from "../status";
import { admit } from "./admission";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DENIED = 'admission webhook "vrollout.kb.io" denied the request: ';

const rollout = (over: Obj = {}): Obj => ({
  apiVersion: "rollouts.kruise.io/v1beta1",
  kind: "Rollout",
  metadata: { name: "web", namespace: "shop" },
  spec: {
    workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "web" },
    strategy: { canary: { steps: [{ replicas: 1, pause: {} }, { replicas: "100%" }] } },
  },
  status: { phase: "Healthy" },
  ...over,
});
const raw = (image: string, labels: Obj): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name: "web", namespace: "shop", uid: "u1", labels, annotations: {} },
  spec: {
    replicas: 4,
    selector: { matchLabels: { app: "web" } },
    template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image }] } },
    updateStrategy: { partition: 0, paused: false },
  },
});
/** A CloneSet as stored (Kruise's defaults applied by a CREATE), with a status. */
function cloneSet(image: string, labels: Obj = { "rollouts.kruise.io/workload-type": "cloneset" }): Obj {
  const stored = admit("CREATE", raw(image, labels), undefined, ctxWith([])) as Obj;
  return { ...stored, status: { replicas: 4, updatedReplicas: 4 } };
}

function ctxWith(rollouts: Obj[], kind = "CloneSet") {
  const group = kind === "CloneSet" ? "apps.kruise.io" : "rollouts.kruise.io";
  return {
    gk: { group, kind },
    gr: { group, resource: kind === "CloneSet" ? "clonesets" : "rollouts" },
    dryRun: false,
    lookup: () => undefined,
    list: (_ns: string, resource: string) => (resource === "rollouts" ? rollouts : []),
  };
}
const update = (rollouts: Obj[], next: Obj, old: Obj) => admit("UPDATE", next, old, ctxWith(rollouts)) as Obj;

function denial(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    expect(e.status.code).toBe(422);
    expect(e.status.message?.startsWith(DENIED)).toBe(true);
    return e.status.message!.slice(DENIED.length);
  }
  throw new Error("expected a 422 denial");
}

describe("workload webhook (docs/kruise-rollouts.md §9)", () => {
  it("a template change of a labelled CloneSet with a matching Rollout gets partition 100% and the in-progressing annotation", () => {
    const out = update([rollout()], cloneSet("v2"), cloneSet("v1"));
    expect(out.spec.updateStrategy.partition).toBe("100%");
    expect(out.spec.updateStrategy.paused).toBe(false);
    expect(out.metadata.annotations["rollouts.kruise.io/in-progressing"]).toBe('{"rolloutName":"web"}');
  });
  it("a CloneSet without the workload-type label is not touched (object selector)", () => {
    const out = update([rollout()], cloneSet("v2", {}), cloneSet("v1", {}));
    expect(out.spec.updateStrategy.partition).toBe(0);
    expect(out.metadata.annotations["rollouts.kruise.io/in-progressing"]).toBeUndefined();
  });
  it("an update that leaves the template alone starts nothing", () => {
    const next = cloneSet("v1");
    next.spec.replicas = 5;
    expect(update([rollout()], next, cloneSet("v1")).spec.updateStrategy.partition).toBe(0);
  });
  it("a Rollout whose phase is Disabled, or one being deleted, is not matched", () => {
    const disabled = rollout({ status: { phase: "Disabled" } });
    expect(update([disabled], cloneSet("v2"), cloneSet("v1")).spec.updateStrategy.partition).toBe(0);
    const deleting = rollout();
    deleting.metadata.deletionTimestamp = "2026-01-01T00:00:00Z";
    expect(update([deleting], cloneSet("v2"), cloneSet("v1")).spec.updateStrategy.partition).toBe(0);
  });
  it("a Rollout for another workload is not matched", () => {
    const other = rollout();
    other.spec.workloadRef.name = "api";
    expect(update([other], cloneSet("v2"), cloneSet("v1")).spec.updateStrategy.partition).toBe(0);
  });
  it("replicas 0 starts nothing", () => {
    const next = cloneSet("v2"),
      old = cloneSet("v1");
    next.spec.replicas = old.spec.replicas = 0;
    expect(update([rollout()], next, old).spec.updateStrategy.partition).toBe(0);
  });
  it("an unchanged non-empty rollout-id annotation lets a template change through; a new id alone starts a release", () => {
    const withId = (image: string, id: string) => {
      const c = cloneSet(image);
      c.metadata.annotations["rollouts.kruise.io/rollout-id"] = id;
      return c;
    };
    expect(update([rollout()], withId("v2", "a"), withId("v1", "a")).spec.updateStrategy.partition).toBe(0);
    expect(update([rollout()], withId("v1", "b"), withId("v1", "a")).spec.updateStrategy.partition).toBe("100%");
  });
});

describe("Rollout validating webhook (docs/kruise-rollouts.md §10)", () => {
  const create = (r: Obj, others: Obj[] = []) => admit("CREATE", r, undefined, ctxWith(others, "Rollout"));
  const withSteps = (steps: unknown[]) => {
    const r = rollout();
    r.spec.strategy.canary.steps = steps;
    return r;
  };
  it("a valid Rollout passes unchanged", () => {
    expect(create(rollout())).toEqual(rollout());
  });
  it("no steps: The number of Canary.Steps cannot be empty", () => {
    expect(denial(() => create(withSteps([])))).toBe(
      "Spec.Strategy.Canary.Steps: Invalid value: []v1beta1.CanaryStep{}: The number of Canary.Steps cannot be empty",
    );
  });
  it("a step without replicas: replicas cannot be empty", () => {
    expect(denial(() => create(withSteps([{ pause: {} }])))).toContain("replicas cannot be empty");
  });
  it.each([["abc"], ["0%"], ["150%"], [0], ["12.5%"]])("replicas %j is rejected", (v) => {
    expect(denial(() => create(withSteps([{ replicas: v }])))).toMatch(
      /^Spec\.Strategy\.Canary\.Steps\[0\]\.Replicas: Invalid value: intstr\.IntOrString\{.*\}: replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"$/,
    );
  });
  it("an integer above any replica count is allowed (clamped later)", () => {
    expect(() => create(withSteps([{ replicas: 500 }]))).not.toThrow();
  });
  it("decreasing adjacent steps of the same kind are rejected; mixed kinds are not compared", () => {
    expect(denial(() => create(withSteps([{ replicas: 3 }, { replicas: 2 }])))).toContain(
      "Steps.CanaryReplicas must be a non decreasing sequence",
    );
    expect(() => create(withSteps([{ replicas: "50%" }, { replicas: 3 }]))).not.toThrow();
  });
  it("neither or both strategies", () => {
    const none = rollout();
    none.spec.strategy = {};
    expect(denial(() => create(none))).toBe(
      'Spec.Strategy: Invalid value: "null": Canary and BlueGreen cannot both be empty',
    );
    const both = rollout();
    both.spec.strategy.blueGreen = { steps: [{ replicas: 1 }] };
    expect(denial(() => create(both))).toContain("Canary and BlueGreen cannot both be set");
  });
  it("a second Rollout for the same workload conflicts", () => {
    const second = rollout({ metadata: { name: "web2", namespace: "shop" } });
    expect(denial(() => create(second, [rollout()]))).toBe(
      'Conflict Checker: Invalid value: "web2": This rollout conflict with Rollout(shop/web), one workload only have less than one Rollout',
    );
  });
  it("while Progressing the number of steps is immutable but step values may change", () => {
    const live = rollout({ status: { phase: "Progressing" } });
    const fewer = rollout();
    fewer.spec.strategy.canary.steps = [{ replicas: "100%" }];
    const ctx = ctxWith([live], "Rollout");
    expect(denial(() => admit("UPDATE", fewer, live, ctx))).toBe(
      "Spec.Strategy.Canary|BlueGreen: Forbidden: Amount of Rollout steps are immutable",
    );
    const edited = rollout();
    edited.spec.strategy.canary.steps[0].replicas = 2;
    expect(() => admit("UPDATE", edited, live, ctx)).not.toThrow();
  });
});

describe("unified workload webhook on Advanced StatefulSets (docs/kruise-rollouts.md §15.2)", () => {
  const stsRollout = (over: Obj = {}) =>
    rollout({
      spec: {
        ...rollout().spec,
        workloadRef: { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", name: "db" },
      },
      ...over,
    });
  const sts = (image: string, type = "statefulset", replicas = 3): Obj => {
    const ctx = { ...ctxWith([]), gk: { group: "apps.kruise.io", kind: "StatefulSet" } };
    const body = {
      apiVersion: "apps.kruise.io/v1beta1",
      kind: "StatefulSet",
      metadata: { name: "db", namespace: "shop", uid: "u2", labels: { "rollouts.kruise.io/workload-type": type } },
      spec: {
        replicas,
        serviceName: "db",
        selector: { matchLabels: { app: "db" } },
        template: { metadata: { labels: { app: "db" } }, spec: { containers: [{ name: "db", image }] } },
      },
    };
    return admit("CREATE", body, undefined, ctx) as Obj;
  };
  const updateSts = (rollouts: Obj[], next: Obj, old: Obj) =>
    admit("UPDATE", next, old, { ...ctxWith(rollouts), gk: { group: "apps.kruise.io", kind: "StatefulSet" } }) as Obj;

  it("a template change with a matching Rollout sets rollingUpdate.partition 32767 and the in-progressing annotation", () => {
    const out = updateSts([stsRollout()], sts("v2"), sts("v1"));
    expect(out.spec.updateStrategy.rollingUpdate.partition).toBe(32767);
    expect(out.metadata.annotations["rollouts.kruise.io/in-progressing"]).toBe('{"rolloutName":"web"}');
  });
  it("starts nothing for the label of another type, zero replicas, a Disabled Rollout or one naming a CloneSet", () => {
    const untouched = (out: Obj) => expect(out.spec.updateStrategy.rollingUpdate.partition).toBe(0);
    untouched(updateSts([stsRollout()], sts("v2", "cloneset"), sts("v1", "cloneset")));
    untouched(updateSts([stsRollout()], sts("v2", "statefulset", 0), sts("v1", "statefulset", 0)));
    untouched(updateSts([stsRollout({ status: { phase: "Disabled" } })], sts("v2"), sts("v1")));
    const cloneSetRef = { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "db" };
    untouched(updateSts([rollout({ spec: { ...rollout().spec, workloadRef: cloneSetRef } })], sts("v2"), sts("v1")));
  });
});
