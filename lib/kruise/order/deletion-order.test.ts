import { describe, expect, it } from "vitest";
import { deletionCost, sortForDeletion } from "./deletion-order";
import type { Pod } from "../../k8s/objects";

interface P {
  name: string;
  node?: string;
  phase?: string;
  ready?: boolean;
  cost?: string;
  state?: string;
  created?: string;
  restarts?: number;
}
function pod(p: P): Pod {
  return {
    metadata: {
      name: p.name,
      uid: p.name,
      creationTimestamp: p.created ?? "2026-01-01T00:00:00Z",
      labels: p.state ? { "lifecycle.apps.kruise.io/state": p.state } : {},
      annotations: p.cost === undefined ? {} : { "controller.kubernetes.io/pod-deletion-cost": p.cost },
    },
    spec: { containers: [], nodeName: p.node ?? `node-${p.name}` },
    status: {
      phase: p.phase ?? "Running",
      conditions:
        p.ready === false ? [] : [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }],
      containerStatuses: [{ name: "c", image: "i", imageID: "x", ready: true, restartCount: p.restarts ?? 0 }],
    },
  };
}
const names = (ps: Pod[]) => sortForDeletion(ps, { minReadySeconds: 0, now: 0 }).map((p) => p.metadata.name);

describe("scale-in order (utils/pod_sorter.go, §4.2)", () => {
  it("unscheduled pods are deleted first", () => {
    expect(names([pod({ name: "a" }), pod({ name: "b", node: "" })])).toEqual(["b", "a"]);
  });
  it("Pending before Running", () => {
    expect(names([pod({ name: "r" }), pod({ name: "p", phase: "Pending" })])).toEqual(["p", "r"]);
  });
  it("unavailable (including a lifecycle state other than Normal) before available", () => {
    expect(names([pod({ name: "ok" }), pod({ name: "updating", state: "Updating" })])).toEqual(["updating", "ok"]);
    expect(names([pod({ name: "ok" }), pod({ name: "notready", ready: false })])).toEqual(["notready", "ok"]);
  });
  it("lower pod-deletion-cost first", () => {
    expect(
      names([pod({ name: "dear", cost: "100" }), pod({ name: "cheap", cost: "-5" }), pod({ name: "none" })]),
    ).toEqual(["cheap", "none", "dear"]);
  });
  it("malformed deletion costs count as 0", () => {
    expect([
      deletionCost(pod({ name: "a", cost: "+5" })),
      deletionCost(pod({ name: "b", cost: "007" })),
      deletionCost(pod({ name: "c", cost: "x" })),
    ]).toEqual([0, 0, 0]);
    expect(deletionCost(pod({ name: "d", cost: "-3" }))).toBe(-3);
  });
  it("pods sharing a node with other pods of the set go before lone pods", () => {
    expect(
      names([pod({ name: "alone", node: "n2" }), pod({ name: "s1", node: "n1" }), pod({ name: "s2", node: "n1" })])[0],
    ).toMatch(/^s/);
  });
  it("more restarts first, then newer pods", () => {
    expect(names([pod({ name: "calm" }), pod({ name: "crashy", restarts: 2 })])).toEqual(["crashy", "calm"]);
    expect(names([pod({ name: "old" }), pod({ name: "new", created: "2026-03-01T00:00:00Z" })])).toEqual([
      "new",
      "old",
    ]);
  });
});
