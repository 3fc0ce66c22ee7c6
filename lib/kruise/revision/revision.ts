// ControllerRevisions of a CloneSet (docs/kruise-rules.md §6).
import { defaultPodTemplate } from "./defaults";
import { fnv1_32, fnv1a_32, goMarshal, safeEncodeString, utf8 } from "./gojson";
import type { CloneSet, ControllerRevision } from "../../k8s/objects";
import { LABEL_REVISION_OBJECT_HASH } from "../core/names";

export const ANNOTATION_VCT_HASH = "kruise.io/cloneset-volumeclaimtemplate-hash";

/**
 * Revision `data`: `{"spec":{"template":{"$patch":"replace", …defaulted template}}}`, keys sorted.
 * Upstream: kruise pkg/controller/cloneset/revision/cloneset_revision.go getPatch.
 */
export function revisionData(cs: Pick<CloneSet, "spec">): Record<string, unknown> {
  // Round-trip through JSON like upstream's Unmarshal into a generic map (drops undefined).
  const template = JSON.parse(JSON.stringify(defaultPodTemplate(cs.spec.template))) as Record<string, unknown>;
  return { spec: { template: { ...template, $patch: "replace" } } };
}

/** The exact bytes upstream hashes and stores as data.Raw. */
export function revisionDataText(data: unknown): string {
  return goMarshal(data);
}

/**
 * Revision hash: FNV-1 32-bit over the data bytes followed by the decimal collisionCount, printed
 * in decimal and mapped through SafeEncodeString (so only 4-9, b, c, d, f appear).
 * Upstream: kubernetes pkg/controller/history/controller_history.go HashControllerRevision.
 */
export function hashRevisionData(data: unknown, collisionCount = 0): string {
  const h1 = fnv1_32(utf8(revisionDataText(data)));
  const h = fnv1_32(utf8(String(collisionCount)), h1);
  return safeEncodeString(String(h));
}

/** `<name[:223]>-<hash>` (history.ControllerRevisionName). */
export function revisionName(cloneSetName: string, hash: string): string {
  return `${cloneSetName.slice(0, 223)}-${hash}`;
}

/** Decimal FNV-1a of the volumeClaimTemplates JSON, "" without any. Simplified from kruise revision.go. */
export function vctHash(cs: Pick<CloneSet, "spec">): string {
  const v = cs.spec.volumeClaimTemplates;
  return v && v.length ? String(fnv1a_32(utf8(goMarshal(v)))) : "";
}

/**
 * A new ControllerRevision for the CloneSet's current template: labels = template labels +
 * controller.kubernetes.io/hash, annotations = the CloneSet's annotations + VCT hash, controller
 * ownerReference, `.revision` as given. Upstream: kruise revision/cloneset_revision.go newRevision,
 * history.NewControllerRevision.
 */
export function newControllerRevision(cs: CloneSet, revision: number, collisionCount = 0): ControllerRevision {
  const data = revisionData(cs);
  const hash = hashRevisionData(data, collisionCount);
  return {
    apiVersion: "apps/v1",
    kind: "ControllerRevision",
    metadata: {
      name: revisionName(cs.metadata.name ?? "", hash),
      namespace: cs.metadata.namespace,
      labels: { ...(cs.spec.template.metadata?.labels ?? {}), [LABEL_REVISION_OBJECT_HASH]: hash },
      annotations: { ...(cs.metadata.annotations ?? {}), [ANNOTATION_VCT_HASH]: vctHash(cs) },
      ownerReferences: [
        {
          apiVersion: "apps.kruise.io/v1alpha1",
          kind: "CloneSet",
          name: cs.metadata.name ?? "",
          uid: cs.metadata.uid ?? "",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    data,
    revision,
  };
}

/** Byte-equal data, the upstream equality test for revisions (history.EqualRevision). */
export function equalRevisionData(a: unknown, b: unknown): boolean {
  return revisionDataText(a) === revisionDataText(b);
}

/** Sorted by `.revision`, then name (history.SortControllerRevisions). */
export function sortRevisions(revs: ControllerRevision[]): ControllerRevision[] {
  return [...revs].sort(
    (a, b) => a.revision - b.revision || (a.metadata.name ?? "").localeCompare(b.metadata.name ?? ""),
  );
}
