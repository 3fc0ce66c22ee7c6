// Lifecycle hooks and the lifecycle.apps.kruise.io/state label (docs/kruise-rules.md §2.2, §8).
import type { LifecycleHook, Pod, PodCondition } from "../../k8s/objects";
import { ANNOTATION_LIFECYCLE_TIMESTAMP, CONDITION_KRUISE_POD_READY, LABEL_LIFECYCLE_STATE } from "../core/names";

/** What the hook checks read: a pod's labels and finalizers (Pod and the view models' pods both fit). */
export interface HookedPod {
  metadata?: { labels?: Record<string, string>; finalizers?: string[] };
}

export type LifecycleState =
  "" | "PreparingNormal" | "Normal" | "PreparingUpdate" | "Updating" | "Updated" | "PreparingDelete";

/**
 * Hooked = carries ANY of the hook's finalizers or labelsHandler pairs.
 * Upstream: kruise pkg/util/lifecycle/lifecycle_utils.go IsPodHooked.
 */
export function isPodHooked(hook: LifecycleHook | undefined, pod: HookedPod): boolean {
  if (!hook) return false;
  const labels = pod.metadata?.labels ?? {},
    fins = pod.metadata?.finalizers ?? [];
  return (
    (hook.finalizersHandler ?? []).some((f) => fins.includes(f)) ||
    Object.entries(hook.labelsHandler ?? {}).some(([k, v]) => labels[k] === v)
  );
}

/**
 * All-hooked = carries ALL of the hook's finalizers and labelsHandler pairs.
 * Upstream: kruise pkg/util/lifecycle/lifecycle_utils.go IsPodAllHooked.
 */
export function isPodAllHooked(hook: LifecycleHook | undefined, pod: HookedPod): boolean {
  if (!hook) return false;
  const labels = pod.metadata?.labels ?? {},
    fins = pod.metadata?.finalizers ?? [];
  return (
    (hook.finalizersHandler ?? []).every((f) => fins.includes(f)) &&
    Object.entries(hook.labelsHandler ?? {}).every(([k, v]) => labels[k] === v)
  );
}

/**
 * Held by the inPlaceUpdate hook: in PreparingUpdate and still hooked, so the controller's update
 * round picks it but leaves it waiting (docs/kruise-rules.md §8.2).
 * Upstream: kruise pkg/controller/cloneset/sync/cloneset_update.go updatePod.
 */
export function isHookHeld(hook: LifecycleHook | undefined, pod: Pod): boolean {
  return pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] === "PreparingUpdate" && isPodHooked(hook, pod);
}

/** Sets the state label and the lifecycle timestamp annotation (lifecycle_utils.go SetPodLifecycle). */
export function withLifecycleState(pod: Pod, state: LifecycleState, nowIso: string): Pod {
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      labels: { ...(pod.metadata.labels ?? {}), [LABEL_LIFECYCLE_STATE]: state },
      annotations: { ...(pod.metadata.annotations ?? {}), [ANNOTATION_LIFECYCLE_TIMESTAMP]: nowIso },
    },
  };
}

/**
 * Re-adds a hook's labels and finalizers (used when an Updated pod must wait on the inPlaceUpdate
 * hook again). Upstream: lifecycle_utils.go UpdatePodLifecycleWithHandler.
 */
export function withHookHandlers(pod: Pod, hook: LifecycleHook | undefined): Pod {
  if (!hook) return pod;
  const fins = [...(pod.metadata.finalizers ?? [])];
  for (const f of hook.finalizersHandler ?? []) if (!fins.includes(f)) fins.push(f);
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      labels: { ...(pod.metadata.labels ?? {}), ...(hook.labelsHandler ?? {}) },
      ...(fins.length ? { finalizers: fins } : {}),
    },
  };
}

export function hasReadinessGate(pod: Pod, type: string): boolean {
  return (pod.spec.readinessGates ?? []).some((g) => g.conditionType === type);
}

interface ReadinessMsg {
  userAgent: string;
  key: string;
}

/**
 * markPodNotReady: add (or remove) a `Lifecycle` key in the KruisePodReady condition message;
 * the condition is False while any key remains. Returns the new conditions, or undefined when the
 * pod has no KruisePodReady gate or nothing changes. Upstream: kruise pkg/util/podreadiness.
 */
export function kruisePodReadyConditions(
  pod: Pod,
  key: string,
  add: boolean,
  nowIso: string,
): PodCondition[] | undefined {
  if (!hasReadinessGate(pod, CONDITION_KRUISE_POD_READY)) return undefined;
  const conds = pod.status?.conditions ?? [];
  const cur = conds.find((c) => c.type === CONDITION_KRUISE_POD_READY);
  let msgs: ReadinessMsg[] = [];
  try {
    msgs = cur?.message ? (JSON.parse(cur.message) as ReadinessMsg[]) : [];
  } catch {
    msgs = [];
  }
  const has = msgs.some((m) => m.userAgent === "Lifecycle" && m.key === key);
  if (has === add) return undefined;
  msgs = add
    ? [...msgs, { userAgent: "Lifecycle", key }]
    : msgs.filter((m) => !(m.userAgent === "Lifecycle" && m.key === key));
  msgs.sort((a, b) => (a.userAgent + a.key).localeCompare(b.userAgent + b.key));
  const status = msgs.length ? "False" : "True";
  const next: PodCondition = {
    type: CONDITION_KRUISE_POD_READY,
    status,
    lastTransitionTime: cur?.status === status ? cur.lastTransitionTime : nowIso,
    ...(msgs.length ? { message: JSON.stringify(msgs) } : {}),
  };
  return [...conds.filter((c) => c.type !== CONDITION_KRUISE_POD_READY), next];
}
