import { describe, expect, it } from "vitest";
import { previewDaemonPartition } from "./preview";
import { NEW, NOW, daemonSet, dpod, dpods, node, nodes } from "./fixtures";

const names = (ps: { name: string }[]) => ps.map((p) => p.name).sort();

describe("Advanced DaemonSet partition preview (§14.9)", () => {
  it("partition 3 of 6 nodes moves the pods of the three last nodes by name, all named exactly", () => {
    const p = previewDaemonPartition(daemonSet({ partition: 6 }), nodes(6), dpods(6), 3, NOW);
    expect([p.replicas, p.keepOld, p.toUpdate, p.moveCount]).toEqual([6, 3, 3, 3]);
    expect(names(p.willMove.exact)).toEqual(["agent-n4", "agent-n5", "agent-n6"]);
    expect(p.willMove.exact.map((x) => x.node).sort()).toEqual(["node-4", "node-5", "node-6"]);
    expect(p.nodes.kept).toEqual(["node-3", "node-2", "node-1"]);
  });

  it("rounds name a group where Kruise leaves the order open (Go map order): 1 of these 3, then 1 more", () => {
    const p = previewDaemonPartition(daemonSet({ partition: 6, maxUnavailable: 1 }), nodes(6), dpods(6), 3, NOW);
    expect(p.rounds).toHaveLength(3);
    expect(p.rounds[0].ties).toEqual([{ count: 1, of: expect.any(Array), earlier: 0 }]);
    expect(p.rounds[0].ties[0].of.map((x) => x.name).sort()).toEqual(["agent-n4", "agent-n5", "agent-n6"]);
    expect(p.rounds[1].ties[0]).toMatchObject({ count: 1, earlier: 1 });
    expect(p.notes.join(" ")).toMatch(/Go map order/);
  });

  it("an unavailable old pod is named in the first round: it is always replaced, and uses none of the budget", () => {
    const ps = dpods(4).map((x, i) => (i === 3 ? dpod(4, { ready: false }) : x));
    const p = previewDaemonPartition(daemonSet({ maxUnavailable: 2 }), nodes(4), ps, 0, NOW);
    expect(names(p.rounds[0].exact)).toEqual(["agent-n4"]);
    expect(p.rounds[0].ties[0]).toMatchObject({ count: 2 });
  });

  it("the selector's excluded nodes are listed and never move", () => {
    const ns = nodes(4).map((n, i) => (i < 2 ? node(i + 1, { labels: { pool: "canary" } }) : n));
    const ds = daemonSet({ selector: { matchLabels: { pool: "canary" } } });
    const p = previewDaemonPartition(ds, ns, dpods(4), 0, NOW);
    expect(names(p.willMove.exact)).toEqual(["agent-n1", "agent-n2"]);
    expect(p.nodes.excluded).toEqual(["node-4", "node-3"]);
  });

  it("counts nodes already updated, and a paused DaemonSet previews but warns", () => {
    const ps = dpods(3).map((x, i) => (i === 0 ? dpod(1, { hash: NEW }) : x));
    const p = previewDaemonPartition(daemonSet({ paused: true }), nodes(3), ps, 0, NOW);
    expect([p.alreadyUpdated, p.moveCount]).toEqual([1, 2]);
    expect(p.notes[0]).toMatch(/paused/);
  });

  it("a negative partition is an error", () => {
    expect(previewDaemonPartition(daemonSet(), nodes(2), dpods(2), -1, NOW).error).toMatch(/whole number of nodes/);
  });
});
