/**
 * An Advanced DaemonSet's facts for the action bar (./actions.ts): its state as its page shows it, the next partition
 * step counted in nodes (the nodes it names, where the page has the nodes and pods), the revision its old pods run,
 * and what a rollback of the template alone leaves where it is (docs/kruise-rules.md §14.6, §14.10).
 */
import { controlledBy } from "../core/owner";
import { plural, verb } from "../core/plural";
import { LABEL_DS_HASH } from "../daemonset/daemon-pods";
import { updateRevisionName } from "../daemonset/revision";
import { nodesToUpdate } from "../daemonset/update";
import type { ControllerRevision, DaemonSet, Pod } from "../../k8s/objects";
import { nextPartitionStep, revisionFacts, type ActionFacts, type PartitionStepFacts } from "./actions";
import { listPhrase } from "./format";
import type { WorkloadRow } from "./list";
import type { LensContext } from "./workload";

const rolling = (ds: DaemonSet) => ds.spec.updateStrategy?.rollingUpdate ?? {};

function withPartition(ds: DaemonSet, partition: number): DaemonSet {
  const us = ds.spec.updateStrategy ?? {};
  return { ...ds, spec: { ...ds.spec, updateStrategy: { ...us, rollingUpdate: { ...us.rollingUpdate, partition } } } };
}

/**
 * The next partition step of an Advanced DaemonSet, in nodes: the nodes the update considers (every node that should
 * run its pod or has one), the partition keeping that many on the old revision, stepped as a CloneSet's pods are
 * (`nextPartitionStep`); with the nodes and pods, the nodes the step releases, by the controller's node order.
 * Upstream: kruise pkg/controller/daemonset/daemonset_update.go filterDaemonPodsNodeToUpdate (maxUpdate = nodes −
 * partition, only the nodes rollingUpdate.selector matches).
 */
export function daemonNextStep(ds: DaemonSet, ctx: LensContext): PartitionStepFacts | null {
  const partition = rolling(ds).partition ?? 0;
  const hash = ds.status?.daemonSetHash ?? "";
  const scope = ctx.nodes && ctx.pods && hash ? nodesToUpdate(ds, [...ctx.nodes], [...ctx.pods], hash) : null;
  const total = scope
    ? scope.nodes.length + scope.kept.length + scope.excluded.length
    : (ds.status?.desiredNumberScheduled ?? 0);
  const kept = Math.min(partition, total);
  const next = nextPartitionStep(kept, total);
  if (next === null) return null;
  const picks = rolling(ds).selector ? ", among the nodes rollingUpdate.selector picks" : "";
  const more = `${plural(kept - next, "more node")} on the update revision (${total - next} of ${total})${picks}`;
  if (!scope) return { to: next, effect: more };
  const now = new Set(scope.nodes);
  const after = nodesToUpdate(withPartition(ds, next), [...ctx.nodes!], [...ctx.pods!], hash).nodes;
  const released = after.filter((n) => !now.has(n));
  return { to: next, effect: released.length ? `${more}: ${listPhrase(released)}` : more };
}

/**
 * The revision the old pods run (a DaemonSet's status names none): the one most pods off the update revision carry by
 * their controller-revision-hash; "" when every pod runs the update revision. Upstream: kruise
 * pkg/controller/daemonset/daemonset_history.go (the hash label), daemonset_update.go.
 */
export function daemonOldRevision(ds: DaemonSet, pods: readonly Pod[], revisions: ControllerRevision[]): string {
  const hash = ds.status?.daemonSetHash ?? "";
  const count = new Map<string, number>();
  for (const p of pods) {
    const h = p.metadata.labels?.[LABEL_DS_HASH];
    if (h && h !== hash && !p.metadata.deletionTimestamp) count.set(h, (count.get(h) ?? 0) + 1);
  }
  const top = [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  return revisions.find((r) => top && r.metadata.labels?.[LABEL_DS_HASH] === top)?.metadata.name ?? "";
}

/** What a rollback of the template alone leaves where it is: the nodes the partition (and the selector) keep. */
function rollbackKeeps(ds: DaemonSet): string {
  const p = rolling(ds).partition ?? 0;
  const sel = rolling(ds).selector ? "; nodes rollingUpdate.selector leaves out keep theirs too" : "";
  if (p === 0) return sel ? `it keeps no node${sel}` : "it keeps no node, so every node's pod goes back";
  return `${plural(p, "node")} ${verb(p, "keeps", "keep")} the revision ${verb(p, "its pod runs", "their pods run")}${sel}`;
}

/** The bar's facts for an Advanced DaemonSet: `header` is its detail view's row, `ctx` its nodes and own pods. */
export function daemonSetActionFacts(
  ds: DaemonSet,
  header: Pick<WorkloadRow, "state" | "offUpdate">,
  revisions: ControllerRevision[],
  ctx: LensContext,
): ActionFacts {
  const own = controlledBy(revisions, ds.metadata.uid);
  const step = daemonNextStep(ds, ctx);
  return {
    kind: "DaemonSet",
    state: { kind: header.state.kind, word: header.state.word, reason: header.state.reason },
    replicas: ds.status?.desiredNumberScheduled ?? 0,
    paused: !!rolling(ds).paused,
    partition: rolling(ds).partition ?? 0,
    currentRevision: daemonOldRevision(ds, ctx.pods ?? [], own),
    updateRevision: updateRevisionName(ds),
    revisions: own.map(revisionFacts),
    offUpdate: header.offUpdate,
    step,
    rollbackKeeps: rollbackKeeps(ds),
  };
}
