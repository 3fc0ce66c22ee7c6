// Which container's log a request reads, from the container's status, as the kubelet decides it.
import type { ContainerStatus } from "@/lib/k8s/objects";

/** The container id (without its runtime prefix) whose log to read, or the kubelet's refusal. */
export type LogTarget = { id: string } | { error: string };

const bare = (containerID: string) => containerID.slice(containerID.indexOf("://") + 3);

/**
 * kubelet pkg/kubelet/kubelet_pods.go validateContainerLogStatus: `previous` reads the last terminated container; a
 * running container its own log; a container waiting after a crash (CrashLoopBackOff) its last run's; a container
 * that never ran has none, with the waiting reason said in words.
 */
export function containerLogTarget(
  pod: string,
  container: string,
  status: ContainerStatus | undefined,
  previous: boolean,
): LogTarget {
  if (!status) return { error: `container "${container}" in pod "${pod}" is not available` };
  const last = status.lastState?.terminated;
  const { waiting, running, terminated } = status.state ?? {};
  if (previous) {
    if (!last?.containerID) return { error: `previous terminated container "${container}" in pod "${pod}" not found` };
    return { id: bare(last.containerID) };
  }
  if (running) return status.containerID ? { id: bare(status.containerID) } : { error: notYet(container, pod) };
  if (terminated) {
    const id = terminated.containerID || last?.containerID;
    return id ? { id: bare(id) } : { error: `container "${container}" in pod "${pod}" is terminated` };
  }
  if (last) {
    return last.containerID
      ? { id: bare(last.containerID) }
      : { error: `container "${container}" in pod "${pod}" is terminated` };
  }
  if (waiting) {
    const why =
      waiting.reason === "ErrImagePull"
        ? "image can't be pulled"
        : waiting.reason === "ImagePullBackOff"
          ? "trying and failing to pull image"
          : waiting.reason;
    return { error: `container "${container}" in pod "${pod}" is waiting to start: ${why}` };
  }
  return { error: notYet(container, pod) };
}

const notYet = (container: string, pod: string) =>
  `container "${container}" in pod "${pod}" is waiting to start - no logs yet`;
