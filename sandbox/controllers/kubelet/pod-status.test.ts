import { describe, expect, it } from "vitest";
import type { ContainerStatus, Pod, PodCondition } from "@/lib/k8s/objects";
import { podConditions, statusPatch, withReportedConditions } from "./pod-status";

const ready: ContainerStatus[] = [
  { name: "app", image: "nginx:1.25", imageID: "", ready: true, started: true, restartCount: 0 },
];
const T0 = "2026-01-01T10:00:00Z",
  T2 = "2026-01-01T10:00:02Z";

const pod = (conditions: PodCondition[]): Pod => ({
  metadata: { name: "p" },
  spec: {
    containers: [{ name: "app", image: "nginx:1.25" }],
    readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
  },
  status: { conditions },
});
const gate: PodCondition = { type: "InPlaceUpdateReady", status: "True", lastTransitionTime: T0 };
const readyAt = (cs: PodCondition[]) => cs.find((c) => c.type === "Ready")?.lastTransitionTime;

describe("kubelet pod conditions (kubelet pkg/kubelet/status/status_manager.go updateLastTransitionTime)", () => {
  it("keeps the Ready time it reported, even when computed from a cached copy that predates its own write", () => {
    const reported = podConditions(pod([gate]), ready, T0);
    expect(readyAt(reported)).toBe(T0);
    // The informer still holds the pod from before that write: Ready missing.
    const stale = pod([gate]);
    expect(readyAt(podConditions(withReportedConditions(stale, reported), ready, T2))).toBe(T0);
    // Without its own record the kubelet would report a second, later Ready time for the same transition.
    expect(readyAt(podConditions(stale, ready, T2))).toBe(T2);
  });

  it("reads readiness gates from the API copy: a gate turned False makes a new transition at the current time", () => {
    const reported = podConditions(pod([gate]), ready, T0);
    const gateOff = pod([{ ...gate, status: "False", lastTransitionTime: T2 }]);
    const next = podConditions(withReportedConditions(gateOff, reported), ready, T2);
    expect(next.find((c) => c.type === "Ready")).toMatchObject({
      status: "False",
      reason: "ReadinessGatesNotReady",
      lastTransitionTime: T2,
    });
  });
});

describe("the kubelet's status patch (kubernetes pkg/util/pod PatchPodStatus)", () => {
  const running = (isReady: boolean): ContainerStatus[] => [{ ...ready[0], ready: isReady }];
  it("sends only what differs from the API copy: a changed container list whole, changed conditions alone", () => {
    const first = podConditions(pod([gate]), running(false), T0);
    const api = {
      phase: "Running",
      podIP: "10.0.0.1",
      conditions: [gate, ...first],
      containerStatuses: running(false),
    };
    const next = podConditions(pod(api.conditions), running(true), T2);
    const patch = statusPatch(api, {
      phase: "Running",
      podIP: "10.0.0.1",
      conditions: next,
      containerStatuses: running(true),
    });
    expect(Object.keys(patch).sort()).toEqual(["conditions", "containerStatuses"]);
    expect(patch.conditions?.map((c: PodCondition) => c.type).sort()).toEqual(["ContainersReady", "Ready"]);
  });

  it("removes a reason and message that no longer apply, so a Ready pod does not keep ContainersNotReady", () => {
    const api = { conditions: podConditions(pod([gate]), running(false), T0) };
    const patch = statusPatch(api, { conditions: podConditions(pod([gate]), running(true), T2) });
    expect(patch.conditions?.find((c: PodCondition) => c.type === "Ready")).toMatchObject({
      status: "True",
      reason: null,
      message: null,
    });
  });

  it("sends nothing the API copy already shows, so it never rewrites a condition it did not change", () => {
    const mine = podConditions(pod([gate]), running(true), T0);
    const patch = statusPatch(
      { conditions: mine, containerStatuses: running(true) },
      { conditions: mine, containerStatuses: running(true) },
    );
    expect(patch).toEqual({});
  });
});
