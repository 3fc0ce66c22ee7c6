import { describe, expect, it } from "vitest";
import type { StatefulSet, StatefulSetStatus } from "@/lib/k8s/objects";
import { World } from "../workload/world.test-support";
import { planStatefulSet } from "./plan";

type RollingUpdate = NonNullable<NonNullable<StatefulSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

function statefulSet(replicas: number, ru: RollingUpdate = {}, extra: Partial<StatefulSet["spec"]> = {}): StatefulSet {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name: "db", namespace: "shop", uid: "db-uid", generation: 1 },
    spec: {
      replicas,
      podManagementPolicy: "OrderedReady",
      selector: { matchLabels: { app: "db" } },
      template: {
        metadata: { labels: { app: "db" } },
        spec: {
          readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
          containers: [{ name: "db", image: "mysql:8.0" }],
        },
      },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: {
          partition: 0,
          maxUnavailable: 1,
          podUpdatePolicy: "InPlaceIfPossible",
          minReadySeconds: 0,
          ...ru,
        },
      },
      ...extra,
    },
  };
}

const world = (s: StatefulSet) => new World(s, planStatefulSet);
const status = (w: World<StatefulSet>) => (w.obj.status ?? {}) as StatefulSetStatus;
const names = (w: World<StatefulSet>) => w.pods.map((p) => p.metadata.name).sort();
const image =
  (img: string) =>
  (s: StatefulSet): StatefulSet => ({
    ...s,
    spec: {
      ...s.spec,
      template: { ...s.spec.template, spec: { ...s.spec.template.spec!, containers: [{ name: "db", image: img }] } },
    },
  });
const strategy =
  (ru: RollingUpdate) =>
  (s: StatefulSet): StatefulSet => ({
    ...s,
    spec: {
      ...s.spec,
      updateStrategy: { ...s.spec.updateStrategy, rollingUpdate: { ...s.spec.updateStrategy!.rollingUpdate, ...ru } },
    },
  });
const ready = (n: number) => (w: World<StatefulSet>) => status(w).readyReplicas === n && w.pods.length === n;
/** After an edit: a new update revision with `n` pods on it and every pod Ready. */
const rolled = (w: World<StatefulSet>, n: number) => {
  const before = status(w).updateRevision;
  return (x: World<StatefulSet>) =>
    status(x).updateRevision !== before && status(x).updatedReplicas === n && status(x).readyReplicas === x.pods.length;
};

describe("Advanced StatefulSet controller: scale (§13.2)", () => {
  it("OrderedReady creates db-0, db-1, db-2 one at a time, each after the previous is Ready", () => {
    const w = world(statefulSet(3));
    w.step();
    expect(names(w)).toEqual(["db-0"]);
    w.stuck.add("db-0");
    w.step();
    w.step();
    expect(names(w)).toEqual(["db-0"]);
    w.stuck.delete("db-0");
    w.until(ready(3));
    expect(w.events.filter((e) => e.startsWith("SuccessfulCreate"))).toEqual([
      "SuccessfulCreate db-0",
      "SuccessfulCreate db-1",
      "SuccessfulCreate db-2",
    ]);
  });

  it("Parallel creates all pods in one reconcile", () => {
    const w = world(statefulSet(4, {}, { podManagementPolicy: "Parallel" }));
    w.step();
    expect(names(w)).toEqual(["db-0", "db-1", "db-2", "db-3"]);
  });

  it("reserveOrdinals [1]: db-1 goes and db-3 comes, so the set keeps 3 pods", () => {
    const w = world(statefulSet(3)).until(ready(3));
    w.edit((s) => ({ ...s, spec: { ...s.spec, reserveOrdinals: [1] } }));
    w.until((x) => names(x).join() === "db-0,db-2,db-3" && status(x).readyReplicas === 3);
  });

  it("scale in removes the highest ordinal first; a preDelete hook holds it in PreparingDelete until its finalizer goes", () => {
    const hook = { preDelete: { finalizersHandler: ["example.com/drain"] } };
    const w = world(statefulSet(3, {}, { lifecycle: hook })).until(ready(3));
    w.pods = w.pods.map((p) => ({ ...p, metadata: { ...p.metadata, finalizers: ["example.com/drain"] } }));
    w.edit((s) => ({ ...s, spec: { ...s.spec, replicas: 2 } }));
    w.step();
    w.step();
    const held = w.pods.find((p) => p.metadata.name === "db-2")!;
    expect(held.metadata.labels?.["lifecycle.apps.kruise.io/state"]).toBe("PreparingDelete");
    expect(w.pods).toHaveLength(3);
    w.pods = w.pods.map((p) =>
      p.metadata.name === "db-2" ? { ...p, metadata: { ...p.metadata, finalizers: [] } } : p,
    );
    w.until((x) => names(x).join() === "db-0,db-1");
  });
});

describe("Advanced StatefulSet controller: rolling update (§13.4, §13.5)", () => {
  it("partition 3 of 5 updates ordinals 4 and 3 in place, highest first, and keeps 0–2", () => {
    const w = world(statefulSet(5, { partition: 3 })).until(ready(5));
    const uids = new Map(w.pods.map((p) => [p.metadata.name, p.metadata.uid]));
    const done = rolled(w, 2);
    w.edit(image("mysql:8.1"));
    w.until(done);
    const updated = w.events.filter((e) => e.startsWith("SuccessfulUpdatePodInPlace"));
    expect(updated).toEqual(["SuccessfulUpdatePodInPlace db-4", "SuccessfulUpdatePodInPlace db-3"]);
    expect(w.pods.map((p) => uids.get(p.metadata.name) === p.metadata.uid)).toEqual([true, true, true, true, true]);
    w.settle();
    expect(status(w).currentRevision).not.toBe(status(w).updateRevision);
    expect(w.revisionOf("db-2")).toBe(status(w).currentRevision);
  });

  it("partition 0 finishes the rollout and currentRevision becomes the update revision", () => {
    const w = world(statefulSet(3)).until(ready(3));
    const done = rolled(w, 3);
    w.edit(image("mysql:8.1"));
    w.until((x) => done(x) && status(x).currentRevision === status(x).updateRevision);
    expect(status(w)).toMatchObject({ replicas: 3, readyReplicas: 3, currentReplicas: 3 });
  });

  it("Parallel with maxUnavailable 2 never has more than 2 pods unavailable", () => {
    const w = world(statefulSet(6, { maxUnavailable: 2 }, { podManagementPolicy: "Parallel" })).until(ready(6));
    w.maxUnavailableSeen = 0;
    const done = rolled(w, 6);
    w.edit(image("mysql:8.1"));
    w.until(done);
    expect(w.maxUnavailableSeen).toBe(2);
  });

  it("unorderedUpdate follows the priority weights, not the ordinals", () => {
    const prio = {
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { canary: "true" } } }] },
    };
    const w = world(statefulSet(4, { partition: 3, unorderedUpdate: prio }, { podManagementPolicy: "Parallel" })).until(
      ready(4),
    );
    w.pods = w.pods.map((p) =>
      p.metadata.name === "db-1"
        ? { ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels, canary: "true" } } }
        : p,
    );
    const done = rolled(w, 1);
    w.edit(image("mysql:8.1"));
    w.until(done);
    expect(w.revisionOf("db-1")).toBe(status(w).updateRevision);
  });

  it("podUpdatePolicy ReCreate deletes the pod and creates it again under the same name at the update revision", () => {
    const w = world(statefulSet(2, { podUpdatePolicy: "ReCreate" })).until(ready(2));
    const before = w.pods.find((p) => p.metadata.name === "db-1")!.metadata.uid;
    const done = rolled(w, 2);
    w.edit(image("mysql:8.1"));
    w.until(done);
    expect(w.pods.find((p) => p.metadata.name === "db-1")!.metadata.uid).not.toBe(before);
    expect(w.events).toContain("SuccessfulDelete db-1");
  });

  it("an env change under InPlaceIfPossible recreates; under InPlaceOnly it is an error and nothing moves", () => {
    const env = (s: StatefulSet): StatefulSet => ({
      ...s,
      spec: {
        ...s.spec,
        template: {
          ...s.spec.template,
          spec: {
            ...s.spec.template.spec!,
            containers: [{ name: "db", image: "mysql:8.0", env: [{ name: "X", value: "1" }] }],
          },
        },
      },
    });
    const w = world(statefulSet(2, { podUpdatePolicy: "InPlaceOnly" })).until(ready(2));
    w.edit(env);
    w.step();
    w.step();
    expect(w.errors[0]).toBe("find strategy is InPlaceOnly but Pod db-1 can not update in-place");
    expect(status(w).updatedReplicas).toBe(0);
  });

  it("paused: a new revision is recorded but no pod moves until resumed", () => {
    const w = world(statefulSet(3, { paused: true })).until(ready(3));
    w.edit(image("mysql:8.1"));
    w.settle();
    expect(status(w).updatedReplicas).toBe(0);
    w.edit(strategy({ paused: false }));
    w.until((x) => status(x).updatedReplicas === 3 && x.revisionOf("db-0") === status(x).updateRevision);
  });

  it("the inPlaceUpdate hook holds a pod in PreparingUpdate until its label goes", () => {
    const hook = { inPlaceUpdate: { labelsHandler: { "example.com/traffic": "on" } } };
    const w = world(statefulSet(1, {}, { lifecycle: hook })).until(ready(1));
    w.pods = w.pods.map((p) => ({
      ...p,
      metadata: { ...p.metadata, labels: { ...p.metadata.labels, "example.com/traffic": "on" } },
    }));
    w.edit(image("mysql:8.1"));
    w.step();
    w.step();
    expect(w.pods[0].metadata.labels?.["lifecycle.apps.kruise.io/state"]).toBe("PreparingUpdate");
    expect(status(w).updatedReplicas).toBe(0);
    const off = { ...w.pods[0].metadata.labels };
    delete off["example.com/traffic"];
    w.pods = [{ ...w.pods[0], metadata: { ...w.pods[0].metadata, labels: off } }];
    w.until((x) => status(x).updatedReplicas === 1);
  });

  it("rolling the template back reuses the old revision under its name", () => {
    const w = world(statefulSet(2)).until(ready(2));
    w.settle();
    const v1 = status(w).updateRevision;
    w.edit(image("mysql:8.1"));
    w.until((x) => status(x).updatedReplicas === 2 && status(x).updateRevision !== v1);
    w.edit(image("mysql:8.0"));
    w.until((x) => status(x).updateRevision === v1 && status(x).updatedReplicas === 2);
    expect(w.revs.find((r) => r.metadata.name === v1)?.revision).toBe(3);
  });
});
