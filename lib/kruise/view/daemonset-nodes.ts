/**
 * An Advanced DaemonSet's pods laid out by node (docs/kruise-rules.md §14.1, §14.2, §14.6): for every node, whether
 * the DaemonSet should run a pod there and, if not, why; whether the update may reach it, or the partition keeps it
 * or rollingUpdate.selector leaves it out; and the pods on it.
 */
import type { DaemonSet, Node, Pod, Taint } from "../../k8s/objects";
import { plural } from "../core/plural";
import { selectorString } from "../core/labels";
import { findUpdatedPodsOnNode, nodeToDaemonPods, templateGeneration } from "../daemonset/daemon-pods";
import { requiredAffinityMatches, untoleratedTaint, withDaemonTolerations } from "../daemonset/placement";
import { nodesToUpdate } from "../daemonset/update";
import { sameRevision } from "./format";
import type { PodRow } from "./pods";

export type NodeReach = "update" | "kept" | "excluded" | "none";

export interface NodeLine {
  node: string;
  /** The node's Ready condition; null when it reports none. */
  nodeReady: boolean | null;
  shouldRun: boolean;
  /** Why the DaemonSet does not run a pod here ("" when it does). */
  why: string;
  /** update: the partition and selector let the update reach it; kept: the partition keeps it old; excluded: the
   * selector leaves it out; none: nothing here to update */
  reach: NodeReach;
  /** new: on the update revision; old: not yet; surging: both; missing: should run one and none is there;
   * misscheduled: a pod where none should run; none: neither */
  state: "new" | "old" | "surging" | "missing" | "misscheduled" | "none";
  /** The node's pods, the update revision's first. */
  pods: PodRow[];
}

export interface NodesView {
  lines: NodeLine[];
  /** "6 nodes: 6 should run a pod, 3 on the update revision; the partition keeps 1, the selector leaves out 2" */
  summary: string;
  /** rollingUpdate.selector as a label selector, or null */
  selector: string | null;
}

const taintText = (t: Taint) => `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`;

/** Why a node gets no pod (lib/kruise/daemonset/placement.ts nodeShouldRunDaemonPod, in words). */
function whyNot(ds: DaemonSet, node: Node): string {
  const spec = withDaemonTolerations(ds.spec.template.spec ?? { containers: [] });
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return `the template names node ${spec.nodeName}`;
  if (!requiredAffinityMatches(spec, node)) return "nodeSelector or required node affinity does not match";
  const t = untoleratedTaint(node.spec?.taints ?? [], spec.tolerations ?? [], ["NoSchedule", "NoExecute"]);
  return t ? `taint ${taintText(t)} is not tolerated` : "";
}

/** Every node with its pods, in name order. `rows` are the DaemonSet's own pods as rows, `pods` the same objects. */
export function nodesView(ds: DaemonSet, nodes: readonly Node[], pods: readonly Pod[], rows: PodRow[]): NodesView {
  const hash = ds.status?.daemonSetHash ?? "";
  const generation = templateGeneration(ds);
  const byNode = nodeToDaemonPods([...pods]);
  const rowOf = new Map(rows.map((r) => [r.name, r]));
  const scope = hash ? nodesToUpdate(ds, [...nodes], [...pods], hash) : { nodes: [], kept: [], excluded: [] };
  const inScope = new Set(scope.nodes),
    kept = new Set(scope.kept),
    excluded = new Set(scope.excluded);
  const lines = [...nodes]
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
    .map((node): NodeLine => {
      const name = node.metadata.name;
      const why = whyNot(ds, node);
      const here = (byNode.get(name) ?? []).filter((p) => !p.metadata.deletionTimestamp);
      const { newPod, oldPod } = findUpdatedPodsOnNode(here, hash, generation);
      const state: NodeLine["state"] = why
        ? here.length
          ? "misscheduled"
          : "none"
        : newPod && oldPod
          ? "surging"
          : newPod
            ? "new"
            : oldPod
              ? "old"
              : "missing";
      const reach: NodeReach = excluded.has(name)
        ? "excluded"
        : kept.has(name)
          ? "kept"
          : inScope.has(name)
            ? "update"
            : "none";
      const ready = node.status?.conditions?.find((c) => c.type === "Ready");
      const own = (byNode.get(name) ?? []).map((p) => rowOf.get(p.metadata.name ?? "")).filter((r): r is PodRow => !!r);
      own.sort((a, b) => Number(sameRevision(b.revision, hash)) - Number(sameRevision(a.revision, hash)));
      return {
        node: name,
        nodeReady: ready ? ready.status === "True" : null,
        shouldRun: !why,
        why,
        reach,
        state,
        pods: own,
      };
    });
  const sel = ds.spec.updateStrategy?.rollingUpdate?.selector;
  return { lines, summary: summary(lines), selector: sel ? selectorString(sel) : null };
}

function summary(lines: NodeLine[]): string {
  const count = (f: (l: NodeLine) => boolean) => lines.filter(f).length;
  const parts = [
    `${plural(
      count((l) => l.shouldRun),
      "node",
    )} should run a pod`,
    `${count((l) => l.state === "new")} on the update revision`,
  ];
  const surging = count((l) => l.state === "surging");
  if (surging) parts.push(`${surging} surging`);
  const kept = count((l) => l.reach === "kept");
  if (kept) parts.push(`the partition keeps ${plural(kept, "node")}`);
  const excluded = count((l) => l.reach === "excluded");
  if (excluded) parts.push(`the selector leaves out ${plural(excluded, "node")}`);
  const off = count((l) => !l.shouldRun);
  if (off) parts.push(`${plural(off, "node")} should not run one`);
  return `${plural(lines.length, "node")}: ${parts.join(", ")}`;
}
