// ControllerRevisions of an Advanced DaemonSet (docs/kruise-rules.md §14.8).
import { fnv1a_32, goMarshal, safeEncodeString, utf8 } from "../revision/gojson";
import type { ControllerRevision, DaemonSet, PodTemplateSpec } from "../../k8s/objects";
import { LABEL_DS_HASH } from "./daemon-pods";

export const DAEMONSET_API_VERSION = "apps.kruise.io/v1alpha1";

/**
 * The template as the controller's Go types re-encode it: `metadata.creationTimestamp: null` and `resources: {}` on
 * each container; no pod-spec defaults (the DaemonSet webhook does not add them to the template).
 */
export function encodedTemplate(t: PodTemplateSpec): PodTemplateSpec {
  const copy = JSON.parse(JSON.stringify(t)) as PodTemplateSpec;
  copy.metadata = { creationTimestamp: null, ...(copy.metadata ?? {}) };
  const spec = copy.spec ?? { containers: [] };
  for (const key of ["containers", "initContainers"] as const) for (const c of spec[key] ?? []) c.resources ??= {};
  copy.spec = spec;
  return copy;
}

/**
 * Revision `data`: `{"spec":{"template":{"$patch":"replace", …template}}}`. Upstream: kruise
 * pkg/controller/daemonset/daemonset_history.go getPatch.
 */
export function daemonSetRevisionData(ds: Pick<DaemonSet, "spec">): Record<string, unknown> {
  return { spec: { template: { ...encodedTemplate(ds.spec.template), $patch: "replace" } } };
}

/**
 * The template hash (the `controller-revision-hash` label and the revision name's suffix): 32-bit FNV-1a of the
 * template, then the collision count as 8 little-endian bytes, printed in decimal and mapped to the safe alphabet.
 * Upstream hashes Go's spew dump of the struct (kubernetes pkg/controller/controller_utils.go ComputeHash); the
 * sandbox hashes the JSON text instead, so the digits differ from a real cluster's, the comparisons do not.
 */
export function daemonSetHash(ds: Pick<DaemonSet, "spec">, collisionCount?: number | null): string {
  let h = fnv1a_32(utf8(goMarshal(encodedTemplate(ds.spec.template))));
  if (collisionCount !== undefined && collisionCount !== null) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv1a_32(bytes, h);
  }
  return safeEncodeString(String(h));
}

/**
 * A new revision: `<ds>-<hash>`, labelled with the template labels and `controller-revision-hash: <hash>`, annotated
 * with the DaemonSet's annotations, owned by it. Upstream: daemonset_history.go snapshot.
 */
export function newDaemonSetRevision(ds: DaemonSet, revision: number): ControllerRevision {
  const hash = daemonSetHash(ds, ds.status?.collisionCount);
  const name = ds.metadata.name ?? "";
  return {
    apiVersion: "apps/v1",
    kind: "ControllerRevision",
    metadata: {
      name: `${name}-${hash}`,
      namespace: ds.metadata.namespace,
      labels: { ...(ds.spec.template.metadata?.labels ?? {}), [LABEL_DS_HASH]: hash },
      ...(ds.metadata.annotations ? { annotations: { ...ds.metadata.annotations } } : {}),
      ownerReferences: [
        {
          apiVersion: DAEMONSET_API_VERSION,
          kind: "DaemonSet",
          name,
          uid: ds.metadata.uid ?? "",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    data: daemonSetRevisionData(ds),
    revision,
  };
}

/**
 * The ControllerRevision name of the DaemonSet's current template, `<ds>-<status.daemonSetHash>`: what the views name
 * its update revision ("" before the controller wrote the hash). Upstream: daemonset_history.go snapshot.
 */
export function updateRevisionName(ds: Pick<DaemonSet, "metadata" | "status">): string {
  const hash = ds.status?.daemonSetHash ?? "";
  return hash ? `${ds.metadata.name}-${hash}` : "";
}
