// Ordinals of Advanced StatefulSet pods and the reserved ones (docs/kruise-rules.md §13.1).
import type { Pod, StatefulSet } from "../../k8s/objects";

/** The label every StatefulSet pod carries with its own name (k8s.io/api apps/v1 StatefulSetPodNameLabel). */
export const LABEL_STATEFUL_POD_NAME = "statefulset.kubernetes.io/pod-name";

const STATEFUL_POD = /^(.*)-([0-9]+)$/;
const MAX_INT32 = 2147483647;

/**
 * The parent name and ordinal a pod name carries (`web-3` → web, 3); ordinal −1 when the name has none or it does not
 * fit an int32. Upstream: kruise pkg/controller/statefulset/stateful_set_utils.go getParentNameAndOrdinal.
 */
export function parentAndOrdinal(name: string): { parent: string; ordinal: number } {
  const m = STATEFUL_POD.exec(name);
  if (!m) return { parent: "", ordinal: -1 };
  const n = Number(m[2]);
  return { parent: m[1], ordinal: Number.isSafeInteger(n) && n <= MAX_INT32 ? n : -1 };
}

export function ordinalOf(pod: Pod): number {
  return parentAndOrdinal(pod.metadata.name ?? "").ordinal;
}

/** `<set>-<ordinal>` (getPodName). */
export function statefulPodName(setName: string, ordinal: number): string {
  return `${setName}-${ordinal}`;
}

/** The pod's name says it belongs to the set (isMemberOf: the parent part equals the set's name). */
export function isMemberOf(set: Pick<StatefulSet, "metadata">, pod: Pod): boolean {
  return parentAndOrdinal(pod.metadata.name ?? "").parent === set.metadata.name;
}

export interface ReplicasRange {
  /** Ordinals [0, replicaCount) hold `spec.replicas` pods once the reserved ordinals are skipped. */
  replicaCount: number;
  reserved: Set<number>;
}

/**
 * How far the ordinals reach: `replicas` ordinals counted from 0, skipping reserved ones; replicas 4 with
 * reserveOrdinals [1, 3] → ordinals 0, 2, 4, 5 (replicaCount 6). Upstream: stateful_set_utils.go
 * getStatefulSetReplicasRange.
 */
export function replicasRange(spec: Pick<StatefulSet["spec"], "replicas" | "reserveOrdinals">): ReplicasRange {
  const reserved = new Set(spec.reserveOrdinals ?? []);
  const want = spec.replicas ?? 1;
  let count = 0;
  for (let real = 0; real < want; count++) if (!reserved.has(count)) real++;
  return { replicaCount: count, reserved };
}

/** The ordinals the set should have pods at, ascending. */
export function desiredOrdinals(spec: Pick<StatefulSet["spec"], "replicas" | "reserveOrdinals">): number[] {
  const { replicaCount, reserved } = replicasRange(spec);
  return Array.from({ length: replicaCount }, (_, i) => i).filter((i) => !reserved.has(i));
}

export interface OrdinalSlots {
  /** Index = ordinal, for ordinals in range and not reserved; undefined where no pod exists (or reserved). */
  replicas: (Pod | undefined)[];
  /** Pods at ordinals past the range or reserved: scaled in from the highest ordinal down. Ascending. */
  condemned: Pod[];
}

/**
 * Pods by ordinal: those in range go to their slot, those past it or at a reserved ordinal are condemned (sorted
 * ascending), pods without an ordinal are ignored. Upstream: stateful_set_control.go updateStatefulSet.
 */
export function slotPods(spec: Pick<StatefulSet["spec"], "replicas" | "reserveOrdinals">, pods: Pod[]): OrdinalSlots {
  const { replicaCount, reserved } = replicasRange(spec);
  const replicas: (Pod | undefined)[] = new Array(replicaCount).fill(undefined);
  const condemned: Pod[] = [];
  for (const p of pods) {
    const ord = ordinalOf(p);
    if (ord < 0) continue;
    if (ord < replicaCount && !reserved.has(ord)) replicas[ord] = p;
    else condemned.push(p);
  }
  condemned.sort((a, b) => ordinalOf(a) - ordinalOf(b));
  return { replicas, condemned };
}
