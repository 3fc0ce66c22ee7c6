// Turns "old pod → new pod" into a strategic merge patch, so controller writes never trample
// concurrent kubelet/status changes (the CloneSet controller itself PUTs with retry; the result is the same).
import type { Pod } from "@/lib/k8s/objects";

function mapPatch(
  a: Record<string, string> = {},
  b: Record<string, string> = {},
): Record<string, string | null> | undefined {
  const out: Record<string, string | null> = {};
  for (const k of Object.keys(a)) if (!(k in b)) out[k] = null;
  for (const [k, v] of Object.entries(b)) if (a[k] !== v) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

export function podPatch(oldPod: Pod, newPod: Pod): object | undefined {
  const metadata: Record<string, unknown> = {};
  const labels = mapPatch(oldPod.metadata.labels, newPod.metadata.labels);
  const annotations = mapPatch(oldPod.metadata.annotations, newPod.metadata.annotations);
  if (labels) metadata.labels = labels;
  if (annotations) metadata.annotations = annotations;
  if (JSON.stringify(oldPod.metadata.finalizers ?? []) !== JSON.stringify(newPod.metadata.finalizers ?? []))
    metadata.finalizers = newPod.metadata.finalizers ?? [];
  const containers = newPod.spec.containers
    .filter((c, i) => oldPod.spec.containers[i]?.image !== c.image)
    .map((c) => ({ name: c.name, image: c.image }));
  const patch: Record<string, unknown> = {};
  if (Object.keys(metadata).length) patch.metadata = metadata;
  if (containers.length) patch.spec = { containers };
  return Object.keys(patch).length ? patch : undefined;
}
