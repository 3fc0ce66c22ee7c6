// One rollout of a CloneSet, reconcile by reconcile, as Kruise's scale and update phases decide it
// (docs/kruise-rules.md §3.4–§3.6, §3.8, §4): what the previews of partition, surge, rollback are built on.
// A pass is one reconcile that acts. Between passes the pods in flight become available: all of them (`settled`),
// or each with a chance, as the kubelet's answers race the controller's next reconcile on a real cluster.
import { calculateDiffsWithExpectation } from "../core/expectations";
import { LABEL_LIFECYCLE_STATE, LABEL_REVISION_HASH, LABEL_SPECIFIED_DELETE } from "../core/names";
import { isPodAvailable, isPodOnRevision, isPodReady, isSpecifiedDelete } from "../core/pod-state";
import { sortForDeletion } from "./deletion-order";
import { limitUpdateIndexes, sortUpdateIndexes, updateCandidates } from "./update-order";
import type { CloneSet, Pod } from "../../k8s/objects";

/** What became of a pod that was there before the change. */
export type PodFate = "kept" | "in-place" | "recreate" | "deleted";

export interface SimInput {
  /** the CloneSet as it will be after the change (partition, limits, strategy, replicas) */
  cs: CloneSet;
  /** its active pods */
  pods: Pod[];
  currentRevision: string;
  updateRevision: string;
  /** Kruise can move this pod to `target` in place (strategy and revisions allow it) */
  canInPlace: (pod: Pod, target: string) => boolean;
  now: number;
  nodeLabels?: Map<string, Record<string, string>>;
}

export interface SimOptions {
  /** random start order for pods that tie (informer order); absent: by name */
  rand?: () => number;
  /** chance that a pod in flight is available at the next pass (default 1: every pass settles first) */
  readyChance?: number;
  readyRand?: () => number;
}

export interface SimPass {
  action: "create" | "in-place" | "recreate" | "delete";
  /** names of the pods acted on (created pods: their revision) */
  pods: string[];
}

export interface SimResult {
  passes: SimPass[];
  /** fate of each pod given, by uid (or name) */
  fates: Map<string, PodFate>;
  /** pods created on the update revision (surge and replacements) and on the current one */
  created: { update: number; current: number };
  /** most active pods at once */
  maxPods: number;
  /** most pods at once unavailable on the target revision or marked for recreation (limitUpdateIndexes' budget) */
  maxInFlight: number;
  /** why Kruise stops (InPlaceOnly that cannot go in place) */
  error?: string;
}

interface SimPod {
  pod: Pod;
  id: string;
  original: boolean;
  /** in flight: becomes available when the pass settles */
  pending: boolean;
}

export const podKey = (p: Pod) => p.metadata.uid ?? p.metadata.name ?? "";
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

function relabel(p: Pod, labels: Record<string, string | undefined>): Pod {
  const next = { ...p.metadata.labels };
  for (const [k, v] of Object.entries(labels)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  return { ...p, metadata: { ...p.metadata, labels: next } };
}

function withReady(p: Pod, ready: boolean, at: number, restart = 0): Pod {
  const conditions = [
    ...(p.status?.conditions ?? []).filter((c) => c.type !== "Ready" && c.type !== "InPlaceUpdateReady"),
    { type: "Ready", status: ready ? "True" : "False", lastTransitionTime: iso(at) },
  ];
  const containerStatuses = (p.status?.containerStatuses ?? []).map((c, i) =>
    i === 0 ? { ...c, restartCount: (c.restartCount ?? 0) + restart } : c,
  );
  return { ...p, status: { ...p.status, phase: ready ? "Running" : p.status?.phase, conditions, containerStatuses } };
}

class Simulation {
  private pods: SimPod[];
  private t: number;
  private step: number;
  private serial = 0;
  readonly res: SimResult;
  private fates = new Map<string, PodFate>();

  constructor(
    private input: SimInput,
    private o: SimOptions,
  ) {
    this.t = input.now;
    this.step = ((input.cs.spec.minReadySeconds ?? 0) + 1) * 1000;
    this.pods = input.pods.map((p) => ({ pod: p, id: podKey(p), original: true, pending: false }));
    for (const p of input.pods) this.fates.set(podKey(p), "kept");
    this.res = { passes: [], fates: this.fates, created: { update: 0, current: 0 }, maxPods: 0, maxInFlight: 0 };
    this.measure();
  }

  private get cs() {
    return this.input.cs;
  }
  private view = () => this.pods.map((s) => s.pod);
  private available = (p: Pod) => isPodAvailable(p, this.cs.spec.minReadySeconds ?? 0, this.t);

  run(): SimResult {
    const limit = 4 * (this.pods.length + (this.cs.spec.replicas ?? 1)) + 20;
    for (let i = 0; i < limit && !this.res.error; i++) {
      const acted = this.pass();
      this.measure();
      const inFlight = this.pods.some((s) => s.pending);
      if (!acted && !inFlight) break;
      this.settle(!acted);
    }
    return this.res;
  }

  /** One reconcile: scale, and when it did nothing, update (cloneset_controller.go syncCloneSet). */
  private pass(): boolean {
    const { cs, currentRevision, updateRevision } = this.input;
    const d = calculateDiffsWithExpectation(cs, this.view(), currentRevision, updateRevision, { now: this.t });
    if (d.scaleUpNum > 0 && d.scaleUpLimit > 0) return this.create(d.scaleUpLimit, d.scaleUpNumOldRevision);
    if (d.scaleUpNum <= 0) {
      const specified = this.pods.filter((s) => isSpecifiedDelete(cs, s.pod));
      if (specified.length) {
        if (this.remove(this.withinLimit(specified, d.deleteReadyLimit))) return true;
      } else if (d.scaleDownNum > 0 && this.remove(this.withinLimit(this.chooseToDelete(d), d.deleteReadyLimit)))
        return true;
    }
    if (cs.spec.updateStrategy?.paused || d.updateNum === 0) return false;
    return this.update(d.updateNum, d.updateMaxUnavailable);
  }

  private create(count: number, current: number): boolean {
    const { cs, currentRevision, updateRevision } = this.input;
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const revision = i < current ? currentRevision : updateRevision;
      const n = this.serial++;
      const pod: Pod = {
        metadata: {
          name: `(new ${n + 1})`,
          uid: `(new ${n + 1})`,
          creationTimestamp: iso(this.t),
          labels: { ...cs.spec.template.metadata?.labels, [LABEL_REVISION_HASH]: revision },
        },
        spec: { containers: [], nodeName: `(node of new ${n + 1})` },
        status: {
          phase: "Pending",
          conditions: [],
          containerStatuses: [{ name: "c", image: "", imageID: "", ready: false, restartCount: 0 }],
        },
      };
      this.pods.push({ pod, id: podKey(pod), original: false, pending: true });
      this.res.created[i < current ? "current" : "update"]++;
      names.push(revision);
    }
    this.res.passes.push({ action: "create", pods: names });
    return true;
  }

  /** Unready pods always; ready ones while the budget lasts (cloneset_scale.go Scale steps 5 and 6). */
  private withinLimit(pods: SimPod[], limit: number): SimPod[] {
    let left = limit;
    return pods.filter((s) => !isPodReady(s.pod, this.t) || left-- > 0);
  }

  /** Old-revision pods first, each group in Kruise's scale-in order (cloneset_scale.go choosePodsToDelete). */
  private chooseToDelete(d: { scaleDownNum: number; scaleDownNumOldRevision: number }): SimPod[] {
    const update = this.input.updateRevision;
    const old = this.pods.filter((s) => !isPodOnRevision(s.pod, update));
    const fresh = this.pods.filter((s) => isPodOnRevision(s.pod, update));
    const fromOld = Math.min(d.scaleDownNumOldRevision, d.scaleDownNum);
    return [...this.ordered(old, fromOld), ...this.ordered(fresh, d.scaleDownNum - fromOld)];
  }

  private ordered(group: SimPod[], n: number): SimPod[] {
    if (n <= 0) return [];
    const byPod = new Map(group.map((s) => [s.pod, s]));
    const sorted = sortForDeletion(
      group.map((s) => s.pod),
      {
        minReadySeconds: this.cs.spec.minReadySeconds ?? 0,
        now: this.t,
        nodeLabels: this.input.nodeLabels,
        topologyKeys: (this.cs.spec.template.spec?.topologySpreadConstraints ?? []).map((c) => c.topologyKey),
        rand: this.o.rand,
      },
    );
    return sorted.slice(0, n).map((p) => byPod.get(p)!);
  }

  private remove(pods: SimPod[]): boolean {
    if (!pods.length) return false;
    for (const s of pods) {
      if (s.original) this.fates.set(s.id, s.pod.metadata.labels?.[LABEL_SPECIFIED_DELETE] ? "recreate" : "deleted");
    }
    const gone = new Set(pods);
    this.pods = this.pods.filter((s) => !gone.has(s));
    this.res.passes.push({ action: "delete", pods: pods.map((s) => s.pod.metadata.name ?? "") });
    return true;
  }

  /** sync/cloneset_update.go Update steps 3–6. */
  private update(updateNum: number, budget: number): boolean {
    const { cs, currentRevision, updateRevision } = this.input;
    const target = updateNum > 0 ? updateRevision : currentRevision;
    const view = this.view();
    let idx = updateCandidates(view, updateRevision, updateNum > 0);
    idx = sortUpdateIndexes(cs.spec.updateStrategy, view, idx, this.o.rand);
    idx = limitUpdateIndexes(cs, view, idx, updateNum, budget, target, this.t);
    if (!idx.length) return false;
    const type = cs.spec.updateStrategy?.type ?? "ReCreate";
    const inPlace: string[] = [],
      recreate: string[] = [];
    for (const i of idx) {
      const s = this.pods[i];
      if (type !== "ReCreate" && this.input.canInPlace(s.pod, target)) {
        s.pod = withReady(
          relabel(s.pod, { [LABEL_REVISION_HASH]: target, [LABEL_LIFECYCLE_STATE]: undefined }),
          false,
          this.t,
        );
        s.pending = true;
        if (s.original) this.fates.set(s.id, "in-place");
        inPlace.push(s.pod.metadata.name ?? "");
      } else if (type === "InPlaceOnly") {
        this.res.error = `find Pod ${s.pod.metadata.name} update strategy is InPlaceOnly but can not update in-place`;
        break;
      } else {
        s.pod = relabel(s.pod, { [LABEL_SPECIFIED_DELETE]: "true" });
        recreate.push(s.pod.metadata.name ?? "");
      }
    }
    if (inPlace.length) this.res.passes.push({ action: "in-place", pods: inPlace });
    if (recreate.length) this.res.passes.push({ action: "recreate", pods: recreate });
    return inPlace.length + recreate.length > 0;
  }

  /** Time passes; pods in flight become available (all, or each by chance unless nothing else can happen). */
  private settle(force: boolean): void {
    this.t += this.step;
    const chance = force ? 1 : (this.o.readyChance ?? 1);
    for (const s of this.pods) {
      if (!s.pending) continue;
      if (chance < 1 && (this.o.readyRand ?? Math.random)() >= chance) continue;
      s.pod = withReady(s.pod, true, this.t - this.step, s.original ? 1 : 0);
      s.pending = false;
    }
  }

  private measure(): void {
    const target = this.input.updateRevision;
    this.res.maxPods = Math.max(this.res.maxPods, this.pods.length);
    const inFlight = this.pods.filter((s) =>
      isPodOnRevision(s.pod, target) ? !this.available(s.pod) : !!s.pod.metadata.labels?.[LABEL_SPECIFIED_DELETE],
    ).length;
    this.res.maxInFlight = Math.max(this.res.maxInFlight, inFlight);
  }
}

/**
 * Kruise's rollout of `input.cs` over `input.pods`, pass by pass, until nothing is left to do. Each pass follows
 * kruise pkg/controller/cloneset/cloneset_controller.go syncCloneSet: sync/cloneset_scale.go Scale (create with
 * the surge, delete specified pods, scale in) and, when it did nothing, sync/cloneset_update.go Update (sort,
 * limitUpdateIndexes, in place or specified-delete). Pods that start unavailable stay so until they move.
 */
export function simulateRollout(input: SimInput, o: SimOptions = {}): SimResult {
  return new Simulation(input, o).run();
}
