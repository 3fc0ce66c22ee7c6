// Which nodes an Advanced DaemonSet runs a pod on: node name, required node affinity (labels and fields), taints
// and tolerations (docs/kruise-rules.md §14.1).
import type {
  DaemonSet,
  Node,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  PodSpec,
  Taint,
  Toleration,
} from "../../k8s/objects";

export const TAINT_NOT_READY = "node.kubernetes.io/not-ready";

const exists = (key: string, effect: string): Toleration => ({ key, operator: "Exists", effect });

/**
 * The tolerations every DaemonSet pod gets: not-ready and unreachable for NoExecute, the node-pressure and
 * unschedulable taints for NoSchedule, and network-unavailable with hostNetwork. Added when no equal toleration is
 * there. Upstream: kubernetes pkg/controller/daemon/util/daemonset_util.go AddOrUpdateDaemonPodTolerations.
 */
export function withDaemonTolerations(spec: PodSpec): PodSpec {
  const add = [
    exists(TAINT_NOT_READY, "NoExecute"),
    exists("node.kubernetes.io/unreachable", "NoExecute"),
    exists("node.kubernetes.io/disk-pressure", "NoSchedule"),
    exists("node.kubernetes.io/memory-pressure", "NoSchedule"),
    exists("node.kubernetes.io/pid-pressure", "NoSchedule"),
    exists("node.kubernetes.io/unschedulable", "NoSchedule"),
    ...(spec.hostNetwork ? [exists("node.kubernetes.io/network-unavailable", "NoSchedule")] : []),
  ];
  const tolerations = [...(spec.tolerations ?? [])];
  for (const t of add) {
    const same = (x: Toleration) =>
      x.key === t.key && (x.operator ?? "Equal") === t.operator && (x.value ?? "") === "" && x.effect === t.effect;
    if (!tolerations.some(same)) tolerations.push(t);
  }
  return { ...spec, tolerations };
}

/** A toleration tolerates a taint (k8s.io/api core/v1 Toleration.ToleratesTaint). */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  const op = t.operator ?? "";
  if (op === "" || op === "Equal") return (t.value ?? "") === (taint.value ?? "");
  return op === "Exists";
}

/** The first taint with one of `effects` that no toleration tolerates (v1helper FindMatchingUntoleratedTaint). */
export function untoleratedTaint(taints: Taint[], tolerations: Toleration[], effects: string[]): Taint | undefined {
  return taints.find((taint) => effects.includes(taint.effect) && !tolerations.some((t) => toleratesTaint(t, taint)));
}

function requirementMatches(r: NodeSelectorRequirement, value: string | undefined): boolean {
  const vals = r.values ?? [];
  switch (r.operator) {
    case "In":
      return vals.length > 0 && value !== undefined && vals.includes(value);
    case "NotIn":
      return vals.length > 0 && (value === undefined || !vals.includes(value));
    case "Exists":
      return vals.length === 0 && value !== undefined;
    case "DoesNotExist":
      return vals.length === 0 && value === undefined;
    case "Gt":
    case "Lt": {
      if (vals.length !== 1 || !/^-?\d+$/.test(vals[0]) || value === undefined || !/^-?\d+$/.test(value)) return false;
      return r.operator === "Gt" ? Number(value) > Number(vals[0]) : Number(value) < Number(vals[0]);
    }
  }
  return false;
}

/**
 * A node selector term: every label expression and every field expression holds; `metadata.name` (with In or NotIn)
 * is the only field. A term without requirements matches nothing. Upstream: kubernetes
 * staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go.
 */
export function termMatches(term: NodeSelectorTerm, node: Pick<Node, "metadata">): boolean {
  const exprs = term.matchExpressions ?? [],
    fields = term.matchFields ?? [];
  if (!exprs.length && !fields.length) return false;
  const labels = node.metadata.labels ?? {};
  if (!exprs.every((r) => requirementMatches(r, labels[r.key]))) return false;
  return fields.every(
    (r) =>
      r.key === "metadata.name" && ["In", "NotIn"].includes(r.operator) && requirementMatches(r, node.metadata.name),
  );
}

/**
 * Required node affinity: `nodeSelector` labels all match and, when set, any term of
 * `affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution` matches.
 * Upstream: nodeaffinity.GetRequiredNodeAffinity(pod).Match(node).
 */
export function requiredAffinityMatches(spec: PodSpec, node: Pick<Node, "metadata">): boolean {
  const labels = node.metadata.labels ?? {};
  if (!Object.entries(spec.nodeSelector ?? {}).every(([k, v]) => labels[k] === v)) return false;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((t) => termMatches(t, node));
}

export interface NodeFit {
  /** A pod should be created here. */
  shouldRun: boolean;
  /** A pod already here may stay (no untolerated NoExecute taint). */
  shouldContinueRunning: boolean;
}

/**
 * Whether the DaemonSet's pod (its template plus the daemon tolerations) belongs on `node`: a template nodeName must
 * be this node, the required node affinity must match; an untolerated NoSchedule or NoExecute taint stops new pods,
 * and only a NoExecute one evicts running pods. Upstream: kruise pkg/controller/daemonset/daemonset_util.go
 * nodeShouldRunDaemonPod, daemonset_controller.go Predicates.
 */
export function nodeShouldRunDaemonPod(ds: Pick<DaemonSet, "spec">, node: Node): NodeFit {
  const spec = withDaemonTolerations(ds.spec.template.spec ?? { containers: [] });
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return { shouldRun: false, shouldContinueRunning: false };
  if (!requiredAffinityMatches(spec, node)) return { shouldRun: false, shouldContinueRunning: false };
  const taints = node.spec?.taints ?? [];
  if (untoleratedTaint(taints, spec.tolerations ?? [], ["NoSchedule", "NoExecute"]))
    return {
      shouldRun: false,
      shouldContinueRunning: !untoleratedTaint(taints, spec.tolerations ?? [], ["NoExecute"]),
    };
  return { shouldRun: true, shouldContinueRunning: true };
}

/** The required node affinity naming one node, as the controller writes it on each pod (ReplaceDaemonSetPodNodeNameNodeAffinity). */
export function nodeNameAffinity(node: string): NonNullable<PodSpec["affinity"]>["nodeAffinity"] {
  return {
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: [node] }] }],
    },
  };
}
