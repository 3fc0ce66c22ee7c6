// A tiny in-memory cluster for the workload planners' tests: applies their actions and plays an instant kubelet
// (pods bound, running and Ready as soon as every readiness gate allows), so a reconcile loop can be driven step by
// step with a fake clock and no server.
import { seededRandom } from "../clock";
import type { ControllerRevision, Node, Pod, PodCondition } from "@/lib/k8s/objects";
import { targetNodeName } from "@/lib/kruise/daemonset/daemon-pods";
import type { PlanInput } from "./controller";
import type { WorkloadAction, WorkloadPlan } from "./types";

export interface WorldObject {
  metadata: { name?: string; namespace?: string; uid?: string; generation?: number };
  status?: unknown;
}

export class World<T extends WorldObject> {
  pods: Pod[] = [];
  revs: ControllerRevision[] = [];
  events: string[] = [];
  now = Date.parse("2026-01-01T00:00:00Z");
  /** Pods the kubelet leaves alone (not Ready, or terminating until released). */
  stuck = new Set<string>();
  /** Most pods unavailable at once, seen after each reconcile. */
  maxUnavailableSeen = 0;
  errors: string[] = [];
  private n = 0;
  private seed = 1;

  constructor(
    public obj: T,
    private planner: (i: PlanInput<T>) => WorkloadPlan,
    public nodes: Node[] = [],
    seed = 1,
  ) {
    this.seed = seed;
  }

  private find(name: string | undefined): number {
    return this.pods.findIndex((p) => p.metadata.name === name);
  }

  private apply(a: WorkloadAction): void {
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
      case "createPods":
        for (const p of a.pods) {
          const name = p.metadata.name || `${p.metadata.generateName}${String(this.n++).padStart(5, "0")}`;
          this.pods.push({
            ...p,
            metadata: {
              ...p.metadata,
              name,
              uid: `uid-${name}-${this.n++}`,
              creationTimestamp: new Date(this.now).toISOString(),
            },
            status: { phase: "Pending" },
          });
          this.events.push(`${a.created(name).reason} ${name}`);
        }
        break;
      case "deletePod": {
        const i = this.find(a.pod.metadata.name);
        if (i < 0) break;
        const finalizers = this.pods[i].metadata.finalizers ?? [];
        if (finalizers.length || this.stuck.has(a.pod.metadata.name!))
          this.pods[i] = {
            ...this.pods[i],
            metadata: { ...this.pods[i].metadata, deletionTimestamp: new Date(this.now).toISOString() },
          };
        else this.pods.splice(i, 1);
        if (a.deleted) this.events.push(`${a.deleted.reason} ${a.pod.metadata.name}`);
        break;
      }
      case "updatePod": {
        const i = this.find(a.pod.metadata.name);
        this.pods[i] = { ...a.pod, status: this.pods[i].status };
        if (a.event) this.events.push(`${a.event.reason} ${a.pod.metadata.name}`);
        break;
      }
      case "podConditions": {
        const i = this.find(a.pod.metadata.name),
          p = this.pods[i];
        const conds = [
          ...(p.status?.conditions ?? []).filter((c) => !a.conditions.some((x) => x.type === c.type)),
          ...a.conditions,
        ];
        this.pods[i] = { ...p, status: { ...p.status, conditions: conds } };
        break;
      }
      case "event":
        this.events.push(a.event.reason);
        break;
      case "status":
        this.obj = { ...this.obj, status: a.status };
        break;
    }
  }

  /** The instant kubelet: binds to the named node, runs the spec's images, Ready when every gate is True. */
  private kubelet(): void {
    const iso = new Date(Math.floor(this.now / 1000) * 1000).toISOString().replace(".000Z", "Z");
    this.pods = this.pods.map((p) => {
      if (p.metadata.deletionTimestamp) return p;
      const nodeName = p.spec.nodeName ?? targetNodeName(p) ?? "node-1";
      const statuses = p.spec.containers.map((c) => ({
        name: c.name,
        image: c.image ?? "",
        imageID: `id-${c.image}`,
        ready: !this.stuck.has(p.metadata.name!),
        restartCount: 0,
      }));
      const gates = (p.spec.readinessGates ?? []).every(
        (g) => p.status?.conditions?.find((c) => c.type === g.conditionType)?.status === "True",
      );
      const ready = statuses.every((s) => s.ready) && gates;
      const old = p.status?.conditions?.find((c) => c.type === "Ready");
      const readyCond: PodCondition = {
        type: "Ready",
        status: ready ? "True" : "False",
        lastTransitionTime: old && old.status === (ready ? "True" : "False") ? old.lastTransitionTime : iso,
      };
      const containersReady: PodCondition = {
        type: "ContainersReady",
        status: statuses.every((s) => s.ready) ? "True" : "False",
      };
      const rest = (p.status?.conditions ?? []).filter((c) => c.type !== "Ready" && c.type !== "ContainersReady");
      return {
        ...p,
        spec: { ...p.spec, nodeName },
        status: {
          ...p.status,
          phase: "Running",
          containerStatuses: statuses,
          conditions: [...rest, readyCond, containersReady],
        },
      };
    });
  }

  /** One reconcile, then the kubelet; returns the plan. */
  step(): WorkloadPlan {
    const plan = this.planner({
      obj: this.obj,
      pods: this.pods,
      revisions: this.revs,
      nodes: this.nodes,
      now: this.now,
      rand: seededRandom(this.seed++),
      randomId: () => String(this.n++).padStart(5, "0"),
    });
    for (const a of plan.actions) this.apply(a);
    if (plan.error) this.errors.push(plan.error);
    this.kubelet();
    const unavailable = this.pods.filter(
      (p) =>
        !p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") || p.metadata.deletionTimestamp,
    ).length;
    this.maxUnavailableSeen = Math.max(this.maxUnavailableSeen, unavailable);
    this.now += 1000;
    return plan;
  }

  /** Reconciles until `done` holds (or gives up after `max` rounds). */
  until(done: (w: this) => boolean, max = 200): this {
    for (let i = 0; i < max && !done(this); i++) this.step();
    if (!done(this))
      throw new Error(`not converged after ${max} reconciles; events: ${this.events.slice(-10).join(", ")}`);
    return this;
  }

  /** Reconciles until a reconcile plans nothing but a status write. */
  settle(max = 200): this {
    for (let i = 0; i < max; i++) {
      const p = this.step();
      if (p.actions.every((a) => a.kind === "status")) return this;
    }
    throw new Error(`still busy after ${max} reconciles`);
  }

  /** Changes the object's spec (a new generation). */
  edit(f: (o: T) => T): void {
    const next = f(this.obj);
    this.obj = { ...next, metadata: { ...next.metadata, generation: (this.obj.metadata.generation ?? 1) + 1 } };
  }

  revisionOf(name: string): string | undefined {
    return this.pods.find((p) => p.metadata.name === name)?.metadata.labels?.["controller-revision-hash"];
  }
}
