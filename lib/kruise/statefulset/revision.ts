// ControllerRevisions of an Advanced StatefulSet (docs/kruise-rules.md §13.7).
import { defaultPodTemplate } from "../revision/defaults";
import { hashRevisionData, revisionName } from "../revision/revision";
import { LABEL_REVISION_OBJECT_HASH } from "../core/names";
import type { ControllerRevision, StatefulSet } from "../../k8s/objects";

export const STATEFULSET_API_VERSION = "apps.kruise.io/v1beta1";

/**
 * Revision `data`: `{"spec":{"template":{"$patch":"replace", …template}}}` — the template as the controller encodes
 * it (the webhook has defaulted it). Upstream: kruise pkg/controller/statefulset/stateful_set_utils.go getPatch.
 */
export function statefulSetRevisionData(set: Pick<StatefulSet, "spec">): Record<string, unknown> {
  const template = JSON.parse(JSON.stringify(defaultPodTemplate(set.spec.template))) as Record<string, unknown>;
  return { spec: { template: { ...template, $patch: "replace" } } };
}

/**
 * A new revision of the set's template: named `<set>-<hash>` (FNV-1 of data and collision count, as the CloneSet's),
 * labelled with the template labels and `controller.kubernetes.io/hash`, annotated with the set's annotations, owned
 * by the set. Upstream: stateful_set_utils.go newRevision; kubernetes pkg/controller/history NewControllerRevision.
 */
export function newStatefulSetRevision(set: StatefulSet, revision: number, collisionCount = 0): ControllerRevision {
  const data = statefulSetRevisionData(set);
  const hash = hashRevisionData(data, collisionCount);
  const name = set.metadata.name ?? "";
  return {
    apiVersion: "apps/v1",
    kind: "ControllerRevision",
    metadata: {
      name: revisionName(name, hash),
      namespace: set.metadata.namespace,
      labels: { ...(set.spec.template.metadata?.labels ?? {}), [LABEL_REVISION_OBJECT_HASH]: hash },
      ...(set.metadata.annotations ? { annotations: { ...set.metadata.annotations } } : {}),
      ownerReferences: [
        {
          apiVersion: STATEFULSET_API_VERSION,
          kind: "StatefulSet",
          name,
          uid: set.metadata.uid ?? "",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    data,
    revision,
  };
}
