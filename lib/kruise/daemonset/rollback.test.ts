import { describe, expect, it } from "vitest";
import { predictDaemonRollback } from "./rollback";
import { newDaemonSetRevision } from "./revision";
import { daemonSet, dpod, nodes } from "./fixtures";
import type { DaemonSet } from "../../k8s/objects";

const withImage = (image: string): DaemonSet => {
  const ds = daemonSet({ rollingUpdateType: "InPlaceIfPossible" });
  return {
    ...ds,
    spec: { ...ds.spec, template: { ...ds.spec.template, spec: { containers: [{ name: "agent", image }] } } },
  };
};

describe("Advanced DaemonSet rollback prediction (§14.10)", () => {
  const v1 = newDaemonSetRevision(withImage("agent:1"), 1);
  const v2 = newDaemonSetRevision(withImage("agent:2"), 2);
  const h1 = v1.metadata.labels!["controller-revision-hash"],
    h2 = v2.metadata.labels!["controller-revision-hash"];

  it("pods on the old revision stay; the others move in place when they have the readiness gate", () => {
    const ps = [dpod(1, { hash: h1, gate: true }), dpod(2, { hash: h2, gate: true }), dpod(3, { hash: h2 })];
    const r = predictDaemonRollback(withImage("agent:2"), nodes(3), ps, [v1, v2], v1);
    expect([r.revision, r.revisionNumber]).toEqual([v1.metadata.name, 3]);
    expect(r.alreadyThere).toEqual(["agent-n1"]);
    expect(r.moves).toEqual([
      { pod: "agent-n3", node: "node-3", how: "recreate" },
      { pod: "agent-n2", node: "node-2", how: "in-place" },
    ]);
  });

  it("the hash of a revision depends on the template only, so the same template hashes the same", () => {
    expect(newDaemonSetRevision(withImage("agent:1"), 7).metadata.name).toBe(v1.metadata.name);
    expect(h1).not.toBe(h2);
  });
});
