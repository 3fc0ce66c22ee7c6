// The partition slider's preview for an Advanced DaemonSet, counted in nodes (docs/kruise-rules.md §14.5, §14.6,
// §14.9). Same shape as the CloneSet's (lib/kruise/order/preview.ts), plus the nodes.
import { plural } from "../core/plural";
import type { PartitionPreview, PodPick, PreviewPod } from "../order/preview";
import type { TieGroup } from "../order/ties";
import type { DaemonSet, Node, Pod } from "../../k8s/objects";
import { findUpdatedPodsOnNode, nodeToDaemonPods, targetNodeName, templateGeneration } from "./daemon-pods";
import { isPodAvailable } from "./health";
import { daemonLimits, nodesToUpdate, rollingUpdateRound, type NodesToUpdate } from "./update";

export interface DaemonPartitionPreview extends PartitionPreview {
  /** The nodes this partition lets the update touch, keeps on the old revision, and the selector leaves out. */
  nodes: NodesToUpdate;
}

const ref = (p: Pod): PreviewPod => ({
  name: p.metadata.name ?? "",
  ...(p.metadata.uid ? { uid: p.metadata.uid } : {}),
  ...(targetNodeName(p) ? { node: targetNodeName(p) } : {}),
});

function withPartition(ds: DaemonSet, partition: number): DaemonSet {
  const us = ds.spec.updateStrategy ?? {};
  return {
    ...ds,
    spec: {
      ...ds.spec,
      updateStrategy: { ...us, type: us.type ?? "RollingUpdate", rollingUpdate: { ...us.rollingUpdate, partition } },
    },
  };
}

/** `count` of `of`, or all of them by name when the count covers the group. */
function pick(exact: Pod[], count: number, of: Pod[], earlier: number): PodPick {
  const ties: TieGroup<PreviewPod>[] = count > 0 && count < of.length ? [{ count, of: of.map(ref), earlier }] : [];
  const named = count >= of.length ? [...exact, ...of] : exact;
  return { exact: named.map(ref), ties, held: [] };
}

/**
 * Preview of setting `updateStrategy.rollingUpdate.partition` to `partition` (a number of nodes kept old): which
 * nodes' pods move — decided exactly by node name and `rollingUpdate.selector` — and in what rounds: old pods that
 * are unavailable first, then as many available ones as maxUnavailable (or maxSurge) leaves room for. Which of those
 * go first Kruise leaves open (it walks a Go map), so a round names them as a group. Upstream: kruise
 * pkg/controller/daemonset/daemonset_update.go rollingUpdate, filterDaemonPodsNodeToUpdate.
 */
export function previewDaemonPartition(
  ds: DaemonSet,
  nodes: Node[],
  pods: Pod[],
  partition: number,
  now: number,
): DaemonPartitionPreview {
  const next = withPartition(ds, partition);
  const hash = ds.status?.daemonSetHash ?? "";
  const limits = daemonLimits(next, nodes);
  const n = hash ? nodesToUpdate(next, nodes, pods, hash) : { nodes: [], excluded: [], kept: [] };
  const byNode = nodeToDaemonPods(pods);
  const generation = templateGeneration(ds);
  const onNode = (name: string) => findUpdatedPodsOnNode(byNode.get(name), hash, generation);
  const considered = n.nodes.length + n.kept.length + n.excluded.length;
  const alreadyUpdated = [...byNode.keys()].filter((name) => onNode(name).newPod).length;
  const perRound = limits.maxSurge > 0 ? limits.maxSurge : limits.maxUnavailable;
  const base: DaemonPartitionPreview = {
    replicas: limits.desired,
    keepOld: considered - n.nodes.length,
    toUpdate: n.nodes.length,
    alreadyUpdated,
    moveCount: 0,
    willMove: { exact: [], ties: [], held: [] },
    rounds: [],
    perRound,
    maxUnavailable: limits.maxUnavailable,
    maxSurge: limits.maxSurge,
    notes: [],
    nodes: n,
  };
  if (!Number.isInteger(partition) || partition < 0)
    return { ...base, error: `partition must be a whole number of nodes, 0 or more, not ${partition}` };
  if (!hash) return { ...base, notes: ["the controller has not reported a revision hash yet"] };
  const old = n.nodes
    .map((name) => onNode(name))
    .filter((f) => f.ok && !f.newPod && f.oldPod)
    .map((f) => f.oldPod!);
  const minReady = ds.spec.minReadySeconds ?? 0;
  const unavailableOld = old.filter((p) => !isPodAvailable(p, minReady, now));
  const availableOld = old.filter((p) => isPodAvailable(p, minReady, now));
  const paused = !!ds.spec.updateStrategy?.rollingUpdate?.paused;
  const round = paused ? undefined : rollingUpdateRound(next, nodes, pods, hash, now);
  const firstCount = round
    ? (limits.maxSurge > 0 ? round.newNodesToCreate.length : round.oldPodsToDelete.length) - unavailableOld.length
    : 0;
  const rounds: PodPick[] = [];
  if (unavailableOld.length || firstCount > 0)
    rounds.push(pick(unavailableOld, Math.max(firstCount, 0), availableOld, 0));
  for (let at = Math.max(firstCount, 0); at < availableOld.length; at += Math.max(perRound, 1)) {
    const count = Math.min(Math.max(perRound, 1), availableOld.length - at);
    rounds.push(pick([], count, availableOld, at));
  }
  const out = { ...base, moveCount: old.length, willMove: pick([], old.length, old, 0), rounds };
  return { ...out, notes: explain(next, out, n, old.length, firstCount) };
}

function explain(ds: DaemonSet, p: DaemonPartitionPreview, n: NodesToUpdate, moving: number, first: number): string[] {
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  const notes: string[] = [];
  if (ru?.paused) notes.push("the rollout is paused: nothing moves until it is resumed");
  notes.push(
    `the partition counts nodes: ${plural(n.kept.length, "node")} stay on the old revision (by name, the last in order)`,
  );
  if (n.excluded.length)
    notes.push(`rollingUpdate.selector leaves out ${plural(n.excluded.length, "node")}: ${n.excluded.join(", ")}`);
  if (p.maxSurge > 0)
    notes.push(
      `each node gets its new pod first (maxSurge ${p.maxSurge}); the old pod goes once the new one is available`,
    );
  if (moving > 0 && first <= 0 && !ru?.paused)
    notes.push(`the next pod waits until unavailable nodes are available again (budget ${p.perRound})`);
  if (p.rounds.some((r) => r.ties.length))
    notes.push("which nodes go first is not decided: Kruise visits them in Go map order");
  return notes;
}
