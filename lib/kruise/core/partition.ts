// Partition maths: how many pods a partition keeps on old revisions (docs/kruise-rules.md §3.2).
import { scaledValue } from "./intorstr";
import type { CloneSet, IntOrString } from "../../k8s/objects";

/**
 * Number of pods the partition keeps on old revisions ("partitionReplicas").
 * nil → 0; integer n → n; "p%" → ceil(p·R/100); v1.2 rule: a percentage other than
 * literally "100%" that resolves to all of R (R > 1) updates at least one pod (R − 1);
 * clamped to [0, R]. `replicas` undefined means 1, like the Go pointer default.
 * Returns an error (and value 0) for an unparsable partition.
 * Upstream: kruise pkg/util/tools.go CalculatePartitionReplicas.
 */
export function partitionReplicas(
  partition: IntOrString | undefined | null,
  replicas: number | undefined,
): { value: number; error?: string } {
  if (partition === undefined || partition === null) return { value: 0 };
  const r = replicas ?? 1;
  const scaled = scaledValue(partition, r, true);
  if (scaled.error) return scaled;
  let p = scaled.value;
  if (r > 1 && p === r && typeof partition === "string" && partition !== "100%") p = r - 1;
  return { value: Math.max(Math.min(p, r), 0) };
}

/**
 * status.expectedUpdatedReplicas = spec.replicas − partitionReplicas; undefined when the
 * partition cannot be parsed (the controller then leaves the field unset).
 * Upstream: kruise pkg/controller/cloneset/cloneset_status.go calculateStatus.
 */
export function expectedUpdatedReplicas(cs: Pick<CloneSet, "spec">): number | undefined {
  const r = cs.spec.replicas ?? 1;
  const p = partitionReplicas(cs.spec.updateStrategy?.partition, r);
  return p.error ? undefined : r - p.value;
}
