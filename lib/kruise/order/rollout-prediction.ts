// What a change to a CloneSet's rollout will do to each pod, as far as Kruise decides it: the pods updated in
// place, recreated, deleted rather than updated (surge), or kept by the partition; the surge pods created; the
// real per-pass budget (docs/kruise-rules.md §3.4, §3.6, §3.8, §4). Built on ./simulate.ts, run once with the
// display order and once per seeded variation of the two things Kruise leaves open: the order of tied pods and
// which pods in flight are available when the next reconcile runs. A pod whose fate differs between runs, and
// every pod Kruise's orders cannot tell apart from it, is named in a group: "k of these n".
import { rolloutLimits } from "../core/rollout-limits";
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { calculateInPlaceUpdateSpec } from "../inplace/spec";
import { deletionTie } from "./deletion-order";
import { tieClasses } from "./ties";
import { podKey, simulateRollout, type PodFate, type SimInput, type SimPass } from "./simulate";
import { updateTie } from "./update-order";
import type { PreviewPod } from "./preview";
import type { CloneSet, ControllerRevision, Pod } from "../../k8s/objects";

export type { PodFate } from "./simulate";

export interface FateRange {
  min: number;
  max: number;
}

/** Pods whose fates Kruise leaves open: of `of`, between min and max take each fate. */
export interface FateGroup {
  of: PreviewPod[];
  counts: Partial<Record<PodFate, FateRange>>;
}

export interface RolloutPrediction {
  /** pods whose fate is decided */
  exact: { pod: PreviewPod; fate: PodFate }[];
  groups: FateGroup[];
  /** pods created on the update revision (surge pods and ReCreate's replacements) */
  created: FateRange;
  /** surge pods present at most (maxSurge in use) */
  surge: number;
  /**
   * At most this many pods of the update revision unavailable (or marked for recreation) at once once the surge
   * pods are there: maxUnavailable + the surge pods present (updateMaxUnavailable in calculateDiffsWithExpectation).
   */
  perPass: number;
  maxUnavailable: number;
  maxSurge: number;
  /** one possible sequence of passes: every pass settled, ties broken by name */
  passes: SimPass[];
  /** Kruise stops with this error (nothing moves) */
  error?: string;
}

export interface PredictInput {
  /** the CloneSet as it will be after the change */
  cs: CloneSet;
  pods: Pod[];
  revisions: ControllerRevision[];
  currentRevision: string;
  updateRevision: string;
  now: number;
  nodeLabels?: Map<string, Record<string, string>>;
  /** variations to run (default 24; fewer for large sets) */
  runs?: number;
}

type Scope = Pick<PredictInput, "now" | "nodeLabels" | "updateRevision">;

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

/** mulberry32: a small seeded generator, so a prediction is the same every time it is computed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Can Kruise move `pod` to `target` in place: the strategy is not ReCreate and the template change between the
 * pod's revision and the target allows it (a missing revision means recreate). Upstream: sync/cloneset_update.go
 * updatePod, pkg/util/inplaceupdate CanUpdateInPlace.
 */
export function inPlaceChecker(cs: CloneSet, revisions: ControllerRevision[]): SimInput["canInPlace"] {
  const byName = new Map(revisions.map((r) => [r.metadata.name ?? "", r]));
  // One answer per pair of revisions: the spec diff marshals both revisions' data, and a simulation asks per pod.
  const known = new Map<string, boolean>();
  return (pod, target) => {
    if ((cs.spec.updateStrategy?.type ?? "ReCreate") === "ReCreate") return false;
    const to = byName.get(target);
    const from = revisions.find((r) => isPodOnRevision(pod, r.metadata.name ?? ""));
    const key = `${from?.metadata.name ?? ""}\u0000${target}`;
    let can = known.get(key);
    if (can === undefined) known.set(key, (can = !!to && calculateInPlaceUpdateSpec(from, to) !== null));
    return can;
  };
}

/**
 * Every pod's fate under the change, exact where Kruise decides it and grouped where it does not; the surge and
 * the per-pass budget. Upstream: the passes of kruise pkg/controller/cloneset/sync (see ./simulate.ts).
 */
export function predictRollout(input: PredictInput): RolloutPrediction {
  const pods = input.pods.filter(isPodActive);
  const sim: SimInput = {
    cs: input.cs,
    pods,
    currentRevision: input.currentRevision,
    updateRevision: input.updateRevision,
    canInPlace: inPlaceChecker(input.cs, input.revisions),
    now: input.now,
    nodeLabels: input.nodeLabels,
  };
  const canonical = simulateRollout(sim);
  const n = input.runs ?? (pods.length > 500 ? 4 : 24);
  const chances = [1, 0.5, 0.25];
  const runs = [canonical];
  for (let i = 0; i < n; i++) {
    runs.push(
      simulateRollout(sim, { rand: seeded(7919 * (i + 1)), readyChance: chances[i % 3], readyRand: seeded(i + 1) }),
    );
  }
  const { maxSurge, maxUnavailable } = rolloutLimits(input.cs);
  const surge = Math.max(...runs.map((r) => r.maxPods)) - (input.cs.spec.replicas ?? 1);
  const created = runs.map((r) => r.created.update);
  return {
    ...groupFates(
      input.cs,
      pods,
      runs.map((r) => r.fates),
      input,
    ),
    created: { min: Math.min(...created), max: Math.max(...created) },
    surge: Math.max(surge, 0),
    perPass: maxUnavailable + Math.max(surge, 0),
    maxUnavailable,
    maxSurge,
    passes: canonical.passes,
    ...(canonical.error ? { error: canonical.error } : {}),
  };
}

/** Exact fates, and groups: pods whose fate varied, joined with every pod tied to them in Kruise's orders. */
function groupFates(
  cs: CloneSet,
  pods: Pod[],
  runs: Map<string, PodFate>[],
  o: Scope,
): Pick<RolloutPrediction, "exact" | "groups"> {
  const fatesOf = (p: Pod) => new Set(runs.map((r) => r.get(podKey(p)) ?? "kept"));
  const varying = pods.filter((p) => fatesOf(p).size > 1);
  const tied = tieTest(cs, pods, o);
  // Pods that could stand in for a varying pod under another tie-break; varying pods with the same possible fates
  // (a race between the kubelet and the next reconcile) join one group too.
  const joined = new Set(varying);
  for (const v of varying) for (const p of pods) if (tied(v, p)) joined.add(p);
  const members = [...joined];
  const together = (a: Pod, b: Pod) =>
    tied(a, b) || (fatesOf(a).size > 1 && fatesOf(b).size > 1 && same(fatesOf(a), fatesOf(b)));
  const cls = tieClasses(members, together, false);
  const groups = new Map<number, Pod[]>();
  members.forEach((p, i) => groups.set(cls[i], [...(groups.get(cls[i]) ?? []), p]));
  const out: FateGroup[] = [];
  for (const g of groups.values()) {
    const counts: FateGroup["counts"] = {};
    for (const fate of new Set(g.flatMap((p) => [...fatesOf(p)]))) {
      const per = runs.map((r) => g.filter((p) => (r.get(podKey(p)) ?? "kept") === fate).length);
      counts[fate] = { min: Math.min(...per), max: Math.max(...per) };
    }
    if (Object.keys(counts).length > 1) out.push({ of: g.map(ref), counts });
  }
  const grouped = new Set(out.flatMap((g) => g.of.map((x) => x.uid ?? x.name)));
  const exact = pods
    .filter((p) => !grouped.has(podKey(p)))
    .map((p) => ({ pod: ref(p), fate: runs[0].get(podKey(p)) ?? "kept" }));
  return { exact, groups: out };
}

const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Two pods on the same side of the update revision that Kruise's update order cannot tell apart, or its scale-in
 * order within their revision group (the ranks are computed per group: cloneset_scale.go choosePodsToDelete).
 */
function tieTest(cs: CloneSet, pods: Pod[], o: Scope) {
  const update = o.updateRevision;
  const opts = {
    minReadySeconds: cs.spec.minReadySeconds ?? 0,
    now: o.now,
    nodeLabels: o.nodeLabels,
    topologyKeys: (cs.spec.template.spec?.topologySpreadConstraints ?? []).map((c) => c.topologyKey),
  };
  const isNew = (p: Pod) => !!update && isPodOnRevision(p, update);
  const byGroup = [false, true].map((g) =>
    deletionTie(
      opts,
      pods.filter((p) => isNew(p) === g),
    ),
  );
  const updateTied = updateTie(cs.spec.updateStrategy);
  // Only pods on the same side of the update revision compete for the same places.
  return (a: Pod, b: Pod) => isNew(a) === isNew(b) && (updateTied(a, b) || byGroup[Number(isNew(a))](a, b));
}

/** Every fate a pod may meet under the prediction. */
export function possibleFates(p: RolloutPrediction, name: string): PodFate[] {
  const e = p.exact.find((x) => x.pod.name === name);
  if (e) return [e.fate];
  const g = p.groups.find((x) => x.of.some((m) => m.name === name));
  return g ? (Object.keys(g.counts) as PodFate[]) : [];
}
