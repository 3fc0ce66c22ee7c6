/**
 * Which pods a lifecycle hook is holding, and what the hook's owner must change to release them
 * (docs/kruise-rules.md §2.2, §8.2, §8.3). Kruise only moves a pod out of these states; the labels and
 * finalizers are owned by the user's hook controller, so a stalled rollout here is not a Kruise failure.
 * Upstream: openkruise/kruise v1.6.2 `pkg/controller/cloneset/sync/cloneset_update.go` (refreshPodState,
 * updatePod), `sync/cloneset_scale.go`, `pkg/util/lifecycle/lifecycle_utils.go`.
 */
import type { Lifecycle, LifecycleHook } from "../../k8s/objects";
import { LABEL_LIFECYCLE_STATE } from "../core/names";
import { isPodAllHooked, isPodHooked, type HookedPod } from "./lifecycle";

export type HookName = "inPlaceUpdate" | "preDelete" | "preNormal";

export interface HookWait {
  hook: HookName;
  /** The lifecycle state the pods sit in. */
  state: "PreparingUpdate" | "Updated" | "PreparingDelete" | "PreparingNormal";
  /** remove: Kruise waits until the pod is no longer hooked; add: until it is all-hooked again. */
  action: "remove" | "add";
  /** `key=value` pairs to remove (those the pods still carry) or add (those they lack), sorted. */
  labels: string[];
  finalizers: string[];
  /** Names of the held pods, sorted. */
  pods: string[];
  /** The hook sets markPodNotReady: Kruise keeps KruisePodReady False (so Ready False) meanwhile. */
  markPodNotReady: boolean;
}

export interface WaitPod extends HookedPod {
  metadata?: HookedPod["metadata"] & { name?: string; deletionTimestamp?: string | null };
  spec?: { nodeName?: string };
}

const stateOf = (p: WaitPod) => p.metadata?.labels?.[LABEL_LIFECYCLE_STATE] ?? "";

/** The hook's handlers the pod carries (present) or lacks (missing). */
function handlers(hook: LifecycleHook, pod: WaitPod, present: boolean) {
  const labels = pod.metadata?.labels ?? {};
  const fins = pod.metadata?.finalizers ?? [];
  return {
    labels: Object.entries(hook.labelsHandler ?? {})
      .filter(([k, v]) => (labels[k] === v) === present)
      .map(([k, v]) => `${k}=${v}`),
    finalizers: (hook.finalizersHandler ?? []).filter((f) => fins.includes(f) === present),
  };
}

interface Rule {
  hook: HookName;
  state: HookWait["state"];
  action: HookWait["action"];
  /** The pod is held in `state` by `hook` (the condition Kruise waits on is not met yet). */
  holds(hook: LifecycleHook, pod: WaitPod): boolean;
}

/**
 * One rule per hold, in the order a pod meets them. A PreparingNormal pod without a preNormal hook waits
 * for a node, not a hook, so it is not listed here.
 */
const RULES: Rule[] = [
  { hook: "preNormal", state: "PreparingNormal", action: "add", holds: (h, p) => !isPodAllHooked(h, p) },
  { hook: "inPlaceUpdate", state: "PreparingUpdate", action: "remove", holds: (h, p) => isPodHooked(h, p) },
  { hook: "inPlaceUpdate", state: "Updated", action: "add", holds: (h, p) => !isPodAllHooked(h, p) },
  { hook: "preDelete", state: "PreparingDelete", action: "remove", holds: (h, p) => isPodHooked(h, p) },
];

/** Every hook hold among the active pods, one entry per (hook, state) with at least one pod. */
export function hookWaits(lifecycle: Lifecycle | undefined, pods: WaitPod[]): HookWait[] {
  const out: HookWait[] = [];
  for (const rule of RULES) {
    const hook = lifecycle?.[rule.hook];
    if (!hook) continue;
    const held = pods.filter((p) => !p.metadata?.deletionTimestamp && stateOf(p) === rule.state && rule.holds(hook, p));
    if (!held.length) continue;
    const labels = new Set<string>();
    const finalizers = new Set<string>();
    for (const p of held) {
      const h = handlers(hook, p, rule.action === "remove");
      h.labels.forEach((l) => labels.add(l));
      h.finalizers.forEach((f) => finalizers.add(f));
    }
    out.push({
      hook: rule.hook,
      state: rule.state,
      action: rule.action,
      labels: [...labels].sort(),
      finalizers: [...finalizers].sort(),
      pods: held.map((p) => p.metadata?.name ?? "").sort(),
      // markPodNotReady is honoured on preDelete and inPlaceUpdate only, while entering the Preparing states.
      markPodNotReady: !!hook.markPodNotReady && (rule.state === "PreparingUpdate" || rule.state === "PreparingDelete"),
    });
  }
  return out;
}

/** Names of pods a hook holds: they are not "next to move", whatever the update order says. */
export function hookHeldPods(lifecycle: Lifecycle | undefined, pods: WaitPod[]): Set<string> {
  return new Set(hookWaits(lifecycle, pods).flatMap((w) => w.pods));
}
