import { describe, expect, it } from "vitest";
import type { Pod } from "../k8s/objects";
import { chosenContainer, podSummary } from "./containers";

const pod: Pod = {
  metadata: {
    name: "cart-x",
    namespace: "shop",
    ownerReferences: [
      { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "cart", uid: "u", controller: true },
    ],
  },
  spec: {
    nodeName: "node-1",
    initContainers: [{ name: "migrate", image: "migrate:1" }],
    containers: [
      { name: "app", image: "cart:1.5.0-crash" },
      { name: "sidecar", image: "fluent-bit:2.2" },
    ],
  },
  status: {
    phase: "Running",
    conditions: [{ type: "Ready", status: "False" }],
    initContainerStatuses: [
      {
        name: "migrate",
        image: "migrate:1",
        imageID: "",
        ready: true,
        restartCount: 0,
        state: { terminated: { exitCode: 0, reason: "Completed" } },
      },
    ],
    containerStatuses: [
      {
        name: "app",
        image: "cart:1.5.0-crash",
        imageID: "",
        ready: false,
        restartCount: 4,
        state: { waiting: { reason: "CrashLoopBackOff", message: "back-off 40s" } },
        lastState: { terminated: { exitCode: 1, reason: "Error", finishedAt: "2026-01-01T00:00:03Z" } },
      },
      {
        name: "sidecar",
        image: "fluent-bit:2.2",
        imageID: "",
        ready: true,
        restartCount: 0,
        state: { running: { startedAt: "2026-01-01T00:00:00Z" } },
      },
    ],
  },
};

describe("the pod page's summary of a pod", () => {
  it("names each container's run, how the last one ended, and whether a previous run's log exists", () => {
    const s = podSummary(pod);
    expect(s).toMatchObject({
      name: "cart-x",
      phase: "Running",
      node: "node-1",
      ready: false,
      owner: { kind: "CloneSet", name: "cart" },
    });
    expect(s.containers.map((c) => [c.name, c.init, c.state, c.reason, c.restarts, c.hasPrevious])).toEqual([
      ["migrate", true, "terminated", "Completed", 0, false],
      ["app", false, "waiting", "CrashLoopBackOff", 4, true],
      ["sidecar", false, "running", undefined, 0, false],
    ]);
    expect(s.containers[1].last).toEqual({ exitCode: 1, reason: "Error", finishedAt: "2026-01-01T00:00:03Z" });
  });

  it("shows the container asked for, else the first that is not an init container", () => {
    const s = podSummary(pod);
    expect(chosenContainer(s, "sidecar")?.name).toBe("sidecar");
    expect(chosenContainer(s, "nope")?.name).toBe("app");
    expect(chosenContainer(s, undefined)?.name).toBe("app");
  });
});
