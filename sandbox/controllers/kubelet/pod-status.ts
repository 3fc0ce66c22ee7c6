// Pod-level status the kubelet reports from its containers (phase, conditions, containerStatuses).
import type { ContainerStatus, Pod, PodCondition, PodStatus } from "@/lib/k8s/objects";

const KUBELET_CONDITIONS = ["PodScheduled", "Initialized", "ContainersReady", "Ready"];

function cond(pod: Pod, type: string, status: string, nowIso: string, reason?: string, message?: string): PodCondition {
  const cur = pod.status?.conditions?.find((c) => c.type === type);
  const lastTransitionTime = cur && cur.status === status && cur.lastTransitionTime ? cur.lastTransitionTime : nowIso;
  return {
    type,
    status,
    lastProbeTime: null,
    lastTransitionTime,
    ...(reason ? { reason } : {}),
    ...(message ? { message } : {}),
  };
}

/**
 * `pod` with the kubelet's own conditions replaced by the ones it last reported (others, such as
 * readiness gates, stay as the API server has them). Without a record yet, the API copy is all there is.
 */
export function withReportedConditions(pod: Pod, reported: PodCondition[] | undefined): Pod {
  if (!reported) return pod;
  const others = (pod.status?.conditions ?? []).filter((c) => !KUBELET_CONDITIONS.includes(c.type));
  return { ...pod, status: { ...pod.status, conditions: [...others, ...reported] } };
}

/**
 * Ready only when all containers are ready and every readiness gate condition is True
 * (kubelet pkg/kubelet/status generatePodReadyCondition).
 */
export function podConditions(pod: Pod, statuses: ContainerStatus[], nowIso: string): PodCondition[] {
  const notReady = statuses.filter((s) => !s.ready).map((s) => s.name);
  const containersReady = notReady.length === 0 && statuses.length > 0;
  const gateMsgs: string[] = [];
  for (const g of pod.spec.readinessGates ?? []) {
    const c = pod.status?.conditions?.find((x) => x.type === g.conditionType);
    if (!c) gateMsgs.push(`corresponding condition of pod readiness gate "${g.conditionType}" does not exist.`);
    else if (c.status !== "True")
      gateMsgs.push(`the status of pod readiness gate "${g.conditionType}" is not "True", but ${c.status}`);
  }
  const cnrMsg = `containers with unready status: [${notReady.join(" ")}]`;
  const ready = !containersReady
    ? cond(pod, "Ready", "False", nowIso, "ContainersNotReady", cnrMsg)
    : gateMsgs.length
      ? cond(pod, "Ready", "False", nowIso, "ReadinessGatesNotReady", gateMsgs.join(", "))
      : cond(pod, "Ready", "True", nowIso);
  return [
    cond(pod, "Initialized", "True", nowIso),
    ready,
    containersReady
      ? cond(pod, "ContainersReady", "True", nowIso)
      : cond(pod, "ContainersReady", "False", nowIso, "ContainersNotReady", cnrMsg),
    cond(pod, "PodScheduled", "True", nowIso),
  ];
}

const sameCondition = (a: PodCondition | undefined, b: PodCondition) =>
  !!a &&
  a.status === b.status &&
  (a.reason ?? "") === (b.reason ?? "") &&
  (a.message ?? "") === (b.message ?? "") &&
  (a.lastTransitionTime ?? null) === (b.lastTransitionTime ?? null) &&
  (a.lastProbeTime ?? null) === (b.lastProbeTime ?? null);

/**
 * The kubelet's status write: the two-way merge patch from the API copy's status to its own (kubernetes
 * pkg/util/pod PatchPodStatus), so only what differs. Conditions merge by type: only changed ones are sent, and a
 * reason or message that no longer applies (Ready=True after ContainersNotReady) is sent as null, which removes it.
 * containerStatuses has no merge key and is sent whole when it differs. Leaving out what did not change also keeps
 * a copy of the pod that has not yet caught up from undoing another writer's change (Kruise's Ready=False).
 */
export function statusPatch(api: PodStatus | undefined, next: PodStatus & { conditions: PodCondition[] }): PodStatus {
  const out: Record<string, unknown> = {};
  const cur = (api ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(next)) {
    if (k === "conditions" || v === undefined) continue;
    const same = typeof v === "object" ? JSON.stringify(cur[k]) === JSON.stringify(v) : cur[k] === v;
    if (!same) out[k] = v;
  }
  const conditions = next.conditions
    .filter(
      (c) =>
        !sameCondition(
          api?.conditions?.find((x) => x.type === c.type),
          c,
        ),
    )
    .map((c) => ({ reason: null, message: null, ...c }));
  if (conditions.length) out.conditions = conditions;
  return out as PodStatus;
}

/** The kubelet's view differs from the stored status (ignoring timestamps we keep stable anyway)? */
export function statusChanged(
  pod: Pod,
  next: { phase: string; conditions: PodCondition[]; containerStatuses: ContainerStatus[]; podIP: string },
): boolean {
  const s = pod.status ?? {};
  if (s.phase !== next.phase || s.podIP !== next.podIP) return true;
  const mine = (s.conditions ?? []).filter((c) => KUBELET_CONDITIONS.includes(c.type));
  const sig = (cs: PodCondition[]) =>
    JSON.stringify(
      [...cs]
        .sort((a, b) => a.type.localeCompare(b.type))
        .map((c) => [c.type, c.status, c.reason ?? "", c.message ?? ""]),
    );
  if (sig(mine) !== sig(next.conditions)) return true;
  const css = (l: ContainerStatus[] | undefined) =>
    JSON.stringify(
      (l ?? []).map((c) => [
        c.name,
        c.image,
        c.imageID,
        c.ready,
        c.started,
        c.restartCount,
        c.state,
        c.lastState ?? {},
      ]),
    );
  return css(s.containerStatuses) !== css(next.containerStatuses);
}
