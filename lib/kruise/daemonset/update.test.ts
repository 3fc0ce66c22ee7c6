import { describe, expect, it } from "vitest";
import { daemonLimits, nodesToUpdate, rollingUpdateRound } from "./update";
import { NEW, NOW, daemonSet, dpod, dpods, node, nodes } from "./fixtures";
import type { Pod } from "../../k8s/objects";

const names = (ps: Pod[]) => ps.map((p) => p.metadata.name).sort();

describe("Advanced DaemonSet maxUnavailable and maxSurge, counted in nodes (§14.5)", () => {
  it("percentages are of the nodes that should run a pod, rounded up", () => {
    expect(daemonLimits(daemonSet({ maxUnavailable: "30%" }), nodes(6))).toEqual({
      desired: 6,
      maxSurge: 0,
      maxUnavailable: 2,
    });
  });

  it("both 0 accepts one unavailable node", () => {
    expect(daemonLimits(daemonSet({ maxUnavailable: 0, maxSurge: 0 }), nodes(4)).maxUnavailable).toBe(1);
  });

  it("a malformed percentage counts as 0 (the controller's parser wants an integer before %)", () => {
    expect(daemonLimits(daemonSet({ maxUnavailable: "12.5%", maxSurge: "1%" }), nodes(4))).toMatchObject({
      maxSurge: 1,
      maxUnavailable: 0,
    });
  });
});

describe("Advanced DaemonSet partition and rollingUpdate.selector (§14.6)", () => {
  it("partition counts nodes kept old; the update takes nodes by name, descending", () => {
    const r = nodesToUpdate(daemonSet({ partition: 3 }), nodes(6), dpods(6), NEW);
    expect(r.nodes).toEqual(["node-6", "node-5", "node-4"]);
    expect(r.kept).toEqual(["node-3", "node-2", "node-1"]);
  });

  it("nodes already updated count against the partition, and come first", () => {
    const ps = dpods(6).map((p, i) => (i === 0 ? dpod(1, { hash: NEW }) : p));
    expect(nodesToUpdate(daemonSet({ partition: 4 }), nodes(6), ps, NEW).nodes).toEqual(["node-1", "node-6"]);
  });

  it("with a selector only the nodes it matches update; the others are left out whatever the partition", () => {
    const ns = nodes(4).map((n, i) => (i % 2 ? node(i + 1, { labels: { canary: "true" } }) : n));
    const r = nodesToUpdate(daemonSet({ selector: { matchLabels: { canary: "true" } } }), ns, dpods(4), NEW);
    expect(r.nodes).toEqual(["node-4", "node-2"]);
    expect(r.excluded).toEqual(["node-3", "node-1"]);
  });

  it("a node with no pod yet (or only a PreparingDelete one) counts as being updated", () => {
    const ps = dpods(3).filter((p) => p.spec.nodeName !== "node-3");
    expect(nodesToUpdate(daemonSet({ partition: 2 }), nodes(3), ps, NEW).nodes).toEqual(["node-3"]);
  });
});

describe("Advanced DaemonSet update round (§14.5)", () => {
  it("without surge, maxUnavailable old pods are replaced; which ones depends on the visiting order", () => {
    const ds = daemonSet({ maxUnavailable: 2 });
    const first = rollingUpdateRound(ds, nodes(5), dpods(5), NEW, NOW);
    expect(first.oldPodsToDelete).toHaveLength(2);
    const reversed = rollingUpdateRound(ds, nodes(5), dpods(5), NEW, NOW, (n) => [...n].reverse());
    expect(names(reversed.oldPodsToDelete)).toEqual(["agent-n1", "agent-n2"]);
  });

  it("an unavailable old pod is always replaced; a node with an unavailable new pod uses the budget", () => {
    const ps = [dpod(1, { ready: false }), dpod(2, { hash: NEW, ready: false }), dpod(3), dpod(4)];
    expect(names(rollingUpdateRound(daemonSet({ maxUnavailable: 1 }), nodes(4), ps, NEW, NOW).oldPodsToDelete)).toEqual(
      ["agent-n1"],
    );
  });

  it("with surge, new pods go to maxSurge nodes first, and an old pod goes once the new one is available", () => {
    const ds = daemonSet({ maxUnavailable: 0, maxSurge: 1 });
    const r = rollingUpdateRound(ds, nodes(3), dpods(3), NEW, NOW);
    expect(r.newNodesToCreate).toHaveLength(1);
    const ps = [...dpods(3), dpod(3, { hash: NEW, suffix: "new3", created: "2026-11-22T11:30:00Z" })];
    expect(names(rollingUpdateRound(ds, nodes(3), ps, NEW, NOW).oldPodsToDelete)).toEqual(["agent-n3"]);
  });
});
