/**
 * What happened to a workload's pods while a scenario ran, from one pod watch: which pods were created, deleted,
 * updated in place or marked for recreation, in the order the watch saw it, and the extremes the controller's
 * limits bound (most pods at once, fewest ready, most in flight towards a revision). Generic over the workload:
 * it knows pods, revision labels and the specified-delete label only.
 */
import { CoreV1Api, Watch, type KubeConfig } from "@kubernetes/client-node";
import type { Pod } from "@/lib/k8s/objects";
import { isPodAvailable, isPodReady } from "@/lib/kruise/core/pod-state";
import { LABEL_SPECIFIED_DELETE } from "@/lib/kruise/core/names";

const REVISION = "controller-revision-hash";
const LIFECYCLE = "lifecycle.apps.kruise.io/state";

export type MoveKind = "created" | "in-place" | "recreate" | "deleted";

export interface Move {
  kind: MoveKind;
  name: string;
  uid: string;
  /** revision label at the time */
  revision: string;
  seq: number;
}

interface Track {
  pod: Pod;
  gone: boolean;
  marked: boolean;
  terminating: boolean;
}

export class Timeline {
  readonly moves: Move[] = [];
  /** the most active pods at once (not terminating: what the controller counts) */
  maxPods = 0;
  /** the fewest Ready pods at once, after the first event */
  minReady = Infinity;
  /** the most active pods at once that were not Ready */
  maxUnready = 0;
  private tracks = new Map<string, Track>();
  /** lifecycle states each pod went through (lifecycle.apps.kruise.io/state), by name, in order */
  private states = new Map<string, string[]>();
  private seq = 0;
  private target = "";
  /**
   * The most pods at once that were on `target` and unavailable, or off it and marked for recreation: what
   * limitUpdateIndexes budgets (openkruise/kruise `pkg/controller/cloneset/sync/cloneset_update.go`).
   */
  maxInFlight = 0;
  private stop?: () => void;

  /** Starts watching the pods matching `selector` in `ns`; the pods present now are the baseline. */
  static async start(kc: KubeConfig, ns: string, selector: string): Promise<Timeline> {
    const t = new Timeline();
    const core = kc.makeApiClient(CoreV1Api);
    const list = await core.listNamespacedPod({ namespace: ns, labelSelector: selector });
    for (const p of list.items as Pod[]) {
      t.tracks.set(p.metadata.uid!, {
        pod: p,
        gone: false,
        marked: marked(p),
        terminating: !!p.metadata.deletionTimestamp,
      });
      t.states.set(p.metadata.name!, [p.metadata.labels?.[LIFECYCLE] ?? ""]);
    }
    t.measure();
    const req = await new Watch(kc).watch(
      `/api/v1/namespaces/${ns}/pods`,
      { labelSelector: selector, resourceVersion: list.metadata?.resourceVersion, allowWatchBookmarks: false },
      (type, obj: Pod) => t.onEvent(type, obj),
      () => {},
    );
    t.stop = () => req.abort();
    return t;
  }

  /** Counts pods in flight towards this revision from now on (set it once the update revision is known). */
  towards(revision: string): void {
    this.target = revision;
    this.measure();
  }

  close(): void {
    this.stop?.();
  }

  /** The watch has caught up with `pods` (a fresh list of the active pods): the same pods at the same versions. */
  hasSeen(pods: Pod[]): boolean {
    const active = [...this.tracks.values()].filter((t) => !t.gone && !t.terminating);
    return (
      active.length === pods.length &&
      pods.every((p) => this.tracks.get(p.metadata.uid!)?.pod.metadata.resourceVersion === p.metadata.resourceVersion)
    );
  }

  names(kind: MoveKind): string[] {
    return this.moves.filter((m) => m.kind === kind).map((m) => m.name);
  }

  /** The lifecycle states a pod went through while watched, in order (repeats folded). */
  statesOf(name: string): string[] {
    return this.states.get(name) ?? [];
  }

  private onEvent(type: string, p: Pod): void {
    const state = p.metadata.labels?.[LIFECYCLE] ?? "";
    const seen = this.states.get(p.metadata.name!) ?? [];
    if (seen[seen.length - 1] !== state) this.states.set(p.metadata.name!, [...seen, state]);
    const uid = p.metadata.uid!;
    const was = this.tracks.get(uid);
    const name = p.metadata.name!;
    const rev = p.metadata.labels?.[REVISION] ?? "";
    const move = (kind: MoveKind) => this.moves.push({ kind, name, uid, revision: rev, seq: this.seq++ });
    if (!was) {
      if (type === "DELETED") return;
      move("created");
      this.tracks.set(uid, { pod: p, gone: false, marked: marked(p), terminating: !!p.metadata.deletionTimestamp });
      this.measure();
      return;
    }
    const before = was.pod.metadata.labels?.[REVISION] ?? "";
    if (rev !== before && type !== "DELETED") move("in-place");
    if (!was.marked && marked(p)) move("recreate");
    const terminating = type === "DELETED" || !!p.metadata.deletionTimestamp;
    if (!was.terminating && terminating && !was.marked && !marked(p)) move("deleted");
    this.tracks.set(uid, { pod: p, gone: type === "DELETED", marked: was.marked || marked(p), terminating });
    this.measure();
  }

  private measure(): void {
    const active = [...this.tracks.values()].filter((t) => !t.gone && !t.terminating);
    const now = Date.now();
    this.maxPods = Math.max(this.maxPods, active.length);
    const ready = active.filter((t) => isPodReady(t.pod, now)).length;
    this.minReady = Math.min(this.minReady, ready);
    this.maxUnready = Math.max(this.maxUnready, active.length - ready);
    if (!this.target) return;
    const inFlight = active.filter((t) =>
      t.pod.metadata.labels?.[REVISION] === this.target ? !isPodAvailable(t.pod, 0, now) : t.marked,
    ).length;
    this.maxInFlight = Math.max(this.maxInFlight, inFlight);
  }
}

function marked(p: Pod): boolean {
  return p.metadata.labels?.[LABEL_SPECIFIED_DELETE] !== undefined;
}
