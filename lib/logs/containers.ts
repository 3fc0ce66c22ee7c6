// What the pod page shows of a pod and the runs of its containers, from the pod as the API server has it.
import type { Pod } from "../k8s/objects";

export interface ContainerRun {
  name: string;
  image: string;
  /** an init container (runs before the others) */
  init: boolean;
  restarts: number;
  state: "running" | "waiting" | "terminated" | "unknown";
  /** the waiting or terminated reason (CrashLoopBackOff, ImagePullBackOff, Error, …) */
  reason?: string;
  message?: string;
  /** when the current run started (running) */
  since?: string;
  /** how the previous run ended: the log `previous=true` reads */
  last?: { exitCode?: number; reason?: string; finishedAt?: string };
  /**
   * Whether the kubelet keeps a previous run's log (kubernetes pkg/kubelet/kubelet_pods.go validateContainerLogStatus
   * reads lastState.terminated): a container that restarted.
   */
  hasPrevious: boolean;
}

export interface PodSummary {
  name: string;
  namespace: string;
  phase: string;
  node: string;
  ready: boolean;
  /** the controller that owns it, for the way back (a CloneSet links to its page) */
  owner?: { kind: string; name: string };
  containers: ContainerRun[];
}

type Status = NonNullable<NonNullable<Pod["status"]>["containerStatuses"]>[number];

function runOf(name: string, image: string, init: boolean, s: Status | undefined): ContainerRun {
  const st = s?.state;
  const last = s?.lastState?.terminated;
  const restarts = s?.restartCount ?? 0;
  const base = { name, image: s?.image || image, init, restarts, hasPrevious: !!last || restarts > 0 };
  const lastRun = last
    ? { last: { exitCode: last.exitCode, reason: last.reason, finishedAt: last.finishedAt ?? undefined } }
    : {};
  if (st?.running) return { ...base, ...lastRun, state: "running", since: st.running.startedAt ?? undefined };
  if (st?.waiting)
    return { ...base, ...lastRun, state: "waiting", reason: st.waiting.reason, message: st.waiting.message };
  if (st?.terminated)
    return { ...base, ...lastRun, state: "terminated", reason: st.terminated.reason, message: st.terminated.message };
  return { ...base, ...lastRun, state: "unknown" };
}

/** The pod page's header and container picker, from the pod (init containers first, as they run). */
export function podSummary(pod: Pod): PodSummary {
  const spec = pod.spec ?? { containers: [] };
  const status = pod.status ?? {};
  const find = (list: Status[] | undefined, n: string) => list?.find((s) => s.name === n);
  const owner = pod.metadata.ownerReferences?.find((o) => o.controller) ?? pod.metadata.ownerReferences?.[0];
  return {
    name: pod.metadata.name ?? "",
    namespace: pod.metadata.namespace ?? "",
    phase: status.phase ?? "Unknown",
    node: spec.nodeName ?? "",
    ready: status.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false,
    ...(owner ? { owner: { kind: owner.kind, name: owner.name } } : {}),
    containers: [
      ...(spec.initContainers ?? []).map((c) =>
        runOf(c.name, c.image ?? "", true, find(status.initContainerStatuses, c.name)),
      ),
      ...spec.containers.map((c) => runOf(c.name, c.image ?? "", false, find(status.containerStatuses, c.name))),
    ],
  };
}

/** The container a log shows: the one asked for if the pod has it, else the first that is not an init container. */
export function chosenContainer(p: PodSummary, asked: string | undefined): ContainerRun | undefined {
  return p.containers.find((c) => c.name === asked) ?? p.containers.find((c) => !c.init) ?? p.containers[0];
}
