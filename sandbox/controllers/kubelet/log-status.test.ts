import { describe, expect, it } from "vitest";
import type { ContainerStatus } from "@/lib/k8s/objects";
import { containerLogTarget } from "./log-status";

const status = (o: Partial<ContainerStatus>): ContainerStatus => ({
  name: "app",
  image: "app:1",
  imageID: "",
  ready: false,
  restartCount: 0,
  ...o,
});
const crashed = { terminated: { exitCode: 1, reason: "Error", containerID: "containerd://old" } };

describe("which run a log request reads (kubelet validateContainerLogStatus)", () => {
  it("a running container: its own log; previous: the last terminated one", () => {
    const s = status({ state: { running: {} }, containerID: "containerd://new", lastState: crashed });
    expect(containerLogTarget("p", "app", s, false)).toEqual({ id: "new" });
    expect(containerLogTarget("p", "app", s, true)).toEqual({ id: "old" });
  });

  it("waiting in CrashLoopBackOff: the current log is the run that crashed", () => {
    const s = status({ state: { waiting: { reason: "CrashLoopBackOff" } }, lastState: crashed });
    expect(containerLogTarget("p", "app", s, false)).toEqual({ id: "old" });
  });

  it("a container that never ran has no log, and says what it waits for", () => {
    const pull = status({ state: { waiting: { reason: "ImagePullBackOff" } } });
    expect(containerLogTarget("p", "app", pull, false)).toEqual({
      error: 'container "app" in pod "p" is waiting to start: trying and failing to pull image',
    });
    const creating = status({ state: { waiting: { reason: "ContainerCreating" } } });
    expect(containerLogTarget("p", "app", creating, false)).toEqual({
      error: 'container "app" in pod "p" is waiting to start: ContainerCreating',
    });
    expect(containerLogTarget("p", "app", creating, true)).toEqual({
      error: 'previous terminated container "app" in pod "p" not found',
    });
    expect(containerLogTarget("p", "app", undefined, false)).toEqual({
      error: 'container "app" in pod "p" is not available',
    });
  });
});
