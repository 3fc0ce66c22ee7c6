import { describe, expect, it } from "vitest";
import { isPodAvailable } from "@/lib/kruise/core/pod-state";
import type { CloneSet, ControllerRevision, Pod, PodCondition } from "@/lib/k8s/objects";
import { plan } from "./plan";
import type { Action } from "./types";

// A tiny in-memory world: applies planner actions and plays an instant kubelet, so the reconcile
// logic can be driven step by step with a fake clock and no server.
class World {
  pods: Pod[] = [];
  revs: ControllerRevision[] = [];
  events: string[] = [];
  now = Date.parse("2026-01-01T00:00:00Z");
  maxUnavailableSeen = 0;
  private n = 0;
  constructor(public cs: CloneSet) {}

  private ids = () => `p${String(this.n++).padStart(4, "0")}`;

  private apply(a: Action): void {
    const find = (p: Pod) => this.pods.findIndex((x) => x.metadata.name === p.metadata.name);
    switch (a.kind) {
      case "createRevision":
        this.revs.push(a.revision);
        break;
      case "bumpRevision":
        this.revs = this.revs.map((r) => (r.metadata.name === a.name ? { ...r, revision: a.revision } : r));
        break;
      case "deleteRevision":
        this.revs = this.revs.filter((r) => r.metadata.name !== a.name);
        break;
      // The executor records SuccessfulCreate/SuccessfulDelete for these; mirror it.
      case "createPods":
        for (const p of a.pods) {
          this.pods.push({ ...p, metadata: { ...p.metadata, uid: p.metadata.name } });
          this.events.push("SuccessfulCreate");
        }
        break;
      case "deletePod":
        this.pods = this.pods.filter((p) => p.metadata.name !== a.pod.metadata.name);
        this.events.push("SuccessfulDelete");
        break;
      case "updatePod":
        this.pods[find(a.pod)] = { ...a.pod, status: this.pods[find(a.pod)].status };
        break;
      case "patchPod": {
        const i = find(a.pod),
          p = this.pods[i];
        const labels = (a.patch as { metadata: { labels: Record<string, string> } }).metadata.labels;
        this.pods[i] = { ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels, ...labels } } };
        break;
      }
      case "podConditions": {
        const i = find(a.pod),
          p = this.pods[i];
        const conds = [
          ...(p.status?.conditions ?? []).filter((c) => !a.conditions.some((x) => x.type === c.type)),
          ...a.conditions,
        ];
        this.pods[i] = { ...p, status: { ...p.status, conditions: conds } };
        break;
      }
      case "status":
        this.cs = { ...this.cs, status: a.status };
        break;
      case "event":
        this.events.push(a.event.reason);
        break;
      case "removePodsToDelete":
        break;
    }
    if ("event" in a && a.event) this.events.push(a.event.reason);
  }

  /** Instant kubelet: bind, run the spec images (new imageID per image), Ready iff gates are True. */
  private kubelet(): void {
    this.pods = this.pods.map((p) => {
      const gates = (p.spec.readinessGates ?? []).every((g) =>
        p.status?.conditions?.some((c) => c.type === g.conditionType && c.status === "True"),
      );
      const statuses = p.spec.containers.map((c) => {
        const old = p.status?.containerStatuses?.find((s) => s.name === c.name);
        const changed = old && old.image !== c.image;
        return {
          name: c.name,
          image: c.image!,
          imageID: `id-${c.image}`,
          ready: true,
          started: true,
          restartCount: (old?.restartCount ?? 0) + (changed ? 1 : 0),
        };
      });
      const keep = (p.status?.conditions ?? []).filter((c) => c.type !== "Ready" && c.type !== "ContainersReady");
      const ready: PodCondition = {
        type: "Ready",
        status: gates ? "True" : "False",
        lastTransitionTime: new Date(this.now).toISOString(),
      };
      return {
        ...p,
        spec: { ...p.spec, nodeName: "n1" },
        status: {
          phase: "Running",
          conditions: [...keep, { type: "ContainersReady", status: "True" }, ready],
          containerStatuses: statuses,
        },
      };
    });
  }

  step(): Action[] {
    const p = plan({ cs: this.cs, pods: this.pods, revisions: this.revs, now: this.now, randomId: this.ids });
    for (const a of p.actions) this.apply(a);
    const unavailable = this.pods.filter((x) => !isPodAvailable(x, 0, this.now)).length;
    this.maxUnavailableSeen = Math.max(this.maxUnavailableSeen, unavailable);
    this.kubelet();
    this.now += 1000;
    return p.actions;
  }

  settle(max = 200): void {
    for (let i = 0; i < max; i++) if (this.step().every((a) => a.kind === "event")) return;
    throw new Error("did not settle");
  }
}

function cs(replicas: number, image: string, strategy: object = {}): CloneSet {
  return {
    metadata: { name: "web", namespace: "shop", uid: "cs-uid", generation: 1 },
    spec: {
      replicas,
      selector: { matchLabels: { app: "web" } },
      updateStrategy: { type: "InPlaceIfPossible", ...strategy },
      template: {
        metadata: { labels: { app: "web" } },
        spec: {
          containers: [
            { name: "app", image },
            { name: "side", image: "s:1" },
          ],
        },
      },
    },
  };
}

function setImage(w: World, image: string, strategy: object = {}): void {
  const c = w.cs;
  w.cs = {
    ...c,
    metadata: { ...c.metadata, generation: (c.metadata.generation ?? 1) + 1 },
    spec: {
      ...c.spec,
      updateStrategy: { ...c.spec.updateStrategy, ...strategy },
      template: {
        ...c.spec.template,
        spec: {
          containers: [
            { name: "app", image },
            { name: "side", image: "s:1" },
          ],
        },
      },
    },
  };
}

describe("CloneSet planner driven against an in-memory world", () => {
  it("scales out to replicas with readiness gates and an owner reference, then reports ready", () => {
    const w = new World(cs(5, "a:1"));
    w.settle();
    expect(w.pods).toHaveLength(5);
    expect(w.pods[0].spec.readinessGates?.map((g) => g.conditionType)).toEqual([
      "InPlaceUpdateReady",
      "KruisePodReady",
    ]);
    expect(w.pods[0].metadata.labels?.["lifecycle.apps.kruise.io/state"]).toBe("Normal");
    expect(w.cs.status).toMatchObject({ replicas: 5, readyReplicas: 5, updatedReplicas: 5, labelSelector: "app=web" });
  });

  it("partition 7 of 10 updates exactly 3 pods in place, at most 2 unavailable at a time", () => {
    const w = new World(cs(10, "a:1"));
    w.settle();
    const names = w.pods.map((p) => p.metadata.name).sort();
    w.maxUnavailableSeen = 0;
    setImage(w, "a:2", { partition: 7 });
    w.settle();
    expect(w.pods.filter((p) => p.spec.containers[0].image === "a:2")).toHaveLength(3);
    expect(w.pods.map((p) => p.metadata.name).sort()).toEqual(names);
    expect(w.cs.status).toMatchObject({ expectedUpdatedReplicas: 3, updatedReplicas: 3, updatedReadyReplicas: 3 });
    expect(w.maxUnavailableSeen).toBeLessThanOrEqual(2);
    setImage(w, "a:2", { partition: 0 });
    w.settle();
    expect(w.cs.status?.currentRevision).toBe(w.cs.status?.updateRevision);
    expect(w.events.filter((e) => e === "SuccessfulUpdatePodInPlace")).toHaveLength(10);
  });

  it("a non-in-place change recreates pods via specified-delete (ReCreate fallback)", () => {
    const w = new World(cs(3, "a:1", { maxUnavailable: 1 }));
    w.settle();
    const before = new Set(w.pods.map((p) => p.metadata.name));
    const c = w.cs;
    w.cs = {
      ...c,
      spec: {
        ...c.spec,
        template: {
          ...c.spec.template,
          spec: {
            containers: [
              { name: "app", image: "a:1", env: [{ name: "X", value: "1" }] },
              { name: "side", image: "s:1" },
            ],
          },
        },
      },
    };
    w.settle();
    expect(w.pods.some((p) => before.has(p.metadata.name))).toBe(false);
    expect(w.events).toEqual(
      expect.arrayContaining(["SuccessfulUpdatePodReCreate", "SuccessfulDelete", "SuccessfulCreate"]),
    );
    expect(w.cs.status).toMatchObject({ replicas: 3, updatedReadyReplicas: 3 });
  });

  it("rolling back the template reuses the old revision with a bumped .revision", () => {
    const w = new World(cs(2, "a:1"));
    w.settle();
    const v1 = w.cs.status!.updateRevision;
    setImage(w, "a:2");
    w.settle();
    setImage(w, "a:1");
    w.settle();
    expect(w.cs.status?.updateRevision).toBe(v1);
    expect(w.revs.find((r) => r.metadata.name === v1)?.revision).toBe(3);
  });

  it("InPlaceOnly with a change that needs recreation reports FailedUpdate instead of acting", () => {
    const w = new World(cs(2, "a:1", { type: "InPlaceOnly" }));
    w.settle();
    const c = w.cs;
    w.cs = {
      ...c,
      spec: {
        ...c.spec,
        template: {
          ...c.spec.template,
          spec: {
            containers: [
              { name: "app", image: "a:1", ports: [{ containerPort: 80 }] },
              { name: "side", image: "s:1" },
            ],
          },
        },
      },
    };
    const p = plan({ cs: w.cs, pods: w.pods, revisions: w.revs, now: w.now, randomId: () => "x" });
    expect(p.error?.type).toBe("FailedUpdate");
    expect(p.error?.message).toMatch(/InPlaceOnly but can not update in-place/);
  });

  it("a scale-in waits while the pod it chose is held in PreparingDelete by the preDelete hook: no second pod is chosen", () => {
    const hooked = cs(3, "a:1");
    hooked.spec.lifecycle = { preDelete: { labelsHandler: { hold: "true" } } };
    hooked.spec.template.metadata = { labels: { app: "web", hold: "true" } };
    const w = new World(hooked);
    w.settle();
    w.cs = { ...w.cs, spec: { ...w.cs.spec, replicas: 2 } };
    for (let i = 0; i < 5; i++) w.step();
    const states = w.pods.map((p) => p.metadata.labels?.["lifecycle.apps.kruise.io/state"]);
    expect(states.filter((s) => s === "PreparingDelete")).toHaveLength(1);
    expect(w.pods).toHaveLength(3);
  });

  it("a selector that does not match the template labels is reported, not acted on", () => {
    const bad = cs(2, "a:1");
    bad.spec.selector = { matchLabels: { app: "other" } };
    const p = plan({ cs: bad, pods: [], revisions: [], now: 0, randomId: () => "x" });
    expect(p.error).toEqual({ type: "FailedScale", message: "selector does not match template labels" });
    expect(p.actions.some((a) => a.kind === "createPods")).toBe(false);
  });
});
