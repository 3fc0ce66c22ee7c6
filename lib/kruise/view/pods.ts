/**
 * Pod rows and pods grouped by revision for the CloneSet detail.
 */
import { age, allDnsNames, byCodePoint, sameRevision } from "./format";
import {
  ANNOTATION_INPLACE_GRACE,
  CONDITION_INPLACE_READY,
  LABEL_LIFECYCLE_STATE,
  LABEL_REVISION_HASH,
} from "../core/names";
import { controlledBy, type Owned } from "../core/owner";
import { parseInPlaceState, type InPlaceStateView } from "./inplace";
import type { ViewWorkload, ViewCondition, ViewPod } from "./types";

export interface ContainerView {
  name: string;
  /** Image in the pod spec (what it should run). */
  specImage: string;
  /** Image and imageID the kubelet reports (what it runs). */
  statusImage: string;
  imageID: string;
  ready: boolean;
  restarts: number;
  /** Waiting/terminated reason, e.g. ImagePullBackOff, with the kubelet's message. */
  problem: { reason: string; message: string } | null;
}

export interface PodRow {
  key: string;
  name: string;
  uid: string;
  node: string;
  phase: string;
  ready: boolean;
  /** Ready condition's lastTransitionTime ("" when unknown): availability counts from here (minReadySeconds). */
  readySince: string;
  lifecycle: string;
  inPlaceUpdateReady: { status: string; reason: string } | null;
  restarts: number;
  revision: string;
  containers: ContainerView[];
  inPlace: InPlaceStateView | null;
  /** The grace annotation is set: images not patched yet (docs/kruise-rules.md §7.4). */
  gracePending: boolean;
  terminating: boolean;
  age: string;
  created: string;
  /** First container problem, or an unscheduled/pending reason: what blocks this pod. */
  problem: { container: string; reason: string; message: string } | null;
}

// Waiting reasons that are normal steps of a start, not failures.
const TRANSIENT = new Set(["ContainerCreating", "PodInitializing"]);

function cond(conds: ViewCondition[] | undefined, type: string): ViewCondition | undefined {
  return conds?.find((c) => c.type === type);
}

function containerViews(pod: ViewPod): ContainerView[] {
  const statuses = pod.status?.containerStatuses ?? [];
  return (pod.spec?.containers ?? []).map((c) => {
    const s = statuses.find((x) => x.name === c.name);
    const w = s?.state?.waiting;
    const t = s?.state?.terminated;
    const problem =
      w?.reason && !TRANSIENT.has(w.reason)
        ? { reason: w.reason, message: w.message ?? "" }
        : t?.reason && t.reason !== "Completed"
          ? { reason: t.reason, message: t.message ?? "" }
          : null;
    return {
      name: c.name ?? "",
      specImage: c.image ?? "",
      statusImage: s?.image ?? "",
      imageID: s?.imageID ?? "",
      ready: !!s?.ready,
      restarts: s?.restartCount ?? 0,
      problem,
    };
  });
}

function podProblem(pod: ViewPod, containers: ContainerView[]): PodRow["problem"] {
  const c = containers.find((x) => x.problem);
  if (c?.problem) return { container: c.name, ...c.problem };
  const sched = cond(pod.status?.conditions, "PodScheduled");
  if (sched?.status === "False")
    return { container: "", reason: sched.reason ?? "Unschedulable", message: sched.message ?? "" };
  return null;
}

/** One pod as the detail shows it: phase, readiness, lifecycle (§8.1), InPlaceUpdateReady (§7.2), in-place state (§7.5). */
export function podView(pod: ViewPod, now: Date): PodRow {
  const md = pod.metadata ?? {};
  const conds = pod.status?.conditions;
  const ipr = cond(conds, CONDITION_INPLACE_READY);
  const containers = containerViews(pod);
  return {
    key: `${md.namespace ?? ""}/${md.name ?? ""}`,
    name: md.name ?? "",
    uid: md.uid ?? "",
    node: pod.spec?.nodeName ?? "",
    phase: pod.status?.phase ?? "Unknown",
    ready: cond(conds, "Ready")?.status === "True",
    readySince: cond(conds, "Ready")?.lastTransitionTime ?? "",
    lifecycle: md.labels?.[LABEL_LIFECYCLE_STATE] ?? "",
    inPlaceUpdateReady: ipr ? { status: ipr.status ?? "Unknown", reason: ipr.reason ?? "" } : null,
    restarts: containers.reduce((n, c) => n + c.restarts, 0),
    revision: md.labels?.[LABEL_REVISION_HASH] ?? "",
    containers,
    inPlace: parseInPlaceState(md.annotations),
    gracePending: !!md.annotations?.[ANNOTATION_INPLACE_GRACE],
    terminating: !!md.deletionTimestamp,
    age: age(md.creationTimestamp, now),
    created: md.creationTimestamp ?? "",
    problem: podProblem(pod, containers),
  };
}

/** Pods (or revisions) this CloneSet controls: by controller reference UID (docs/kruise-rules.md §8.5). */
export function ownedBy<T extends Owned>(items: T[], cs: ViewWorkload): T[] {
  return controlledBy(items, cs.metadata?.uid);
}

export interface RevisionRef {
  name: string;
  revision: number;
}

export interface PodGroup {
  /** Revision name (or the pod's label value when no ControllerRevision matches). */
  revision: string;
  revisionNumber: number | null;
  isUpdate: boolean;
  isCurrent: boolean;
  pods: PodRow[];
}

/**
 * Pods grouped by their `controller-revision-hash` label (docs/kruise-rules.md §6.3: compare the hash after the
 * last "-"), newest revision first; pods with an unknown revision form their own group at the end.
 */
export function podsByRevision(cs: ViewWorkload, pods: PodRow[], revisions: RevisionRef[]): PodGroup[] {
  const st = cs.status ?? {};
  const groups = new Map<string, PodGroup>();
  // Pods in name order, then grouped: each group comes out sorted, as sorting each group would leave it.
  const revOf = new Map<string, RevisionRef | undefined>();
  for (const i of nameOrder(pods)) {
    const p = pods[i];
    let rev = revOf.get(p.revision);
    if (!revOf.has(p.revision)) revOf.set(p.revision, (rev = revisions.find((r) => sameRevision(r.name, p.revision))));
    const name = rev?.name ?? (p.revision || "(no revision label)");
    let g = groups.get(name);
    if (!g) {
      g = {
        revision: name,
        revisionNumber: rev?.revision ?? null,
        isUpdate: sameRevision(name, st.updateRevision),
        isCurrent: sameRevision(name, st.currentRevision),
        pods: [],
      };
      groups.set(name, g);
    }
    g.pods.push(p);
  }
  return [...groups.values()].sort(
    (a, b) => (b.revisionNumber ?? -1) - (a.revisionNumber ?? -1) || a.revision.localeCompare(b.revision),
  );
}

// The last order worked out: live changes keep the pods' order in the cache (an update replaces an object in
// place), so between joins and leaves the names come in the same sequence and the sort is skipped.
let lastNames: string[] = [];
let lastOrder: number[] = [];

/** Indexes of `pods` in name order (./format.ts compareNames: localeCompare's order). */
export function nameOrder(pods: readonly { name: string }[]): number[] {
  if (pods.length === lastNames.length && pods.every((p, i) => p.name === lastNames[i])) return lastOrder;
  const names = pods.map((p) => p.name);
  // Checked once for all names rather than in each of the sort's n·log n comparisons.
  const cmp = allDnsNames(names) ? byCodePoint : (a: string, b: string) => a.localeCompare(b);
  const order = pods.map((_, i) => i).sort((a, b) => cmp(names[a], names[b]));
  lastNames = names;
  lastOrder = order;
  return order;
}
