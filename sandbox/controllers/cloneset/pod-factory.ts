// New pods from a revision's template (docs/kruise-rules.md §8.1: names, labels, gates, owner).
import { templateFromRevision } from "@/lib/kruise/inplace/spec";
import { revisionHashPart } from "@/lib/kruise/core/pod-state";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import {
  CONDITION_INPLACE_READY,
  CONDITION_KRUISE_POD_READY,
  LABEL_INSTANCE_ID,
  LABEL_LIFECYCLE_STATE,
  LABEL_POD_TEMPLATE_HASH,
  LABEL_REVISION_HASH,
  ANNOTATION_LIFECYCLE_TIMESTAMP,
} from "@/lib/kruise/core/names";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";

const ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";

/** 5 chars of the safe alphabet (apimachinery util/rand.String). */
export function randomInstanceId(rnd: () => number): string {
  let s = "";
  for (let i = 0; i < 5; i++) s += ALPHANUMS[Math.floor(rnd() * ALPHANUMS.length)];
  return s;
}

/**
 * Pod `<cloneset>-<id>` at `rev`: template labels/annotations/finalizers + revision labels,
 * instance id, lifecycle PreparingNormal, readiness gates InPlaceUpdateReady and KruisePodReady
 * (the latter is what Kruise's pod webhook injects), controller ownerReference.
 * Upstream: kruise core/cloneset_core.go newVersionedPods, kubernetes controller GetPodFromTemplate.
 */
export function newPod(cs: CloneSet, rev: ControllerRevision, id: string, now: number): Pod {
  const t = templateFromRevision(rev) ?? cs.spec.template;
  const name = cs.metadata.name!;
  const gates = [...(t.spec?.readinessGates ?? [])];
  for (const g of [CONDITION_INPLACE_READY, CONDITION_KRUISE_POD_READY])
    if (!gates.some((x) => x.conditionType === g)) gates.push({ conditionType: g });
  const meta = t.metadata ?? {};
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: `${name}-${id}`,
      generateName: `${name}-`,
      namespace: cs.metadata.namespace,
      labels: {
        ...(meta.labels ?? {}),
        [LABEL_REVISION_HASH]: rev.metadata.name!,
        [LABEL_POD_TEMPLATE_HASH]: revisionHashPart(rev.metadata.name!),
        [LABEL_INSTANCE_ID]: id,
        [LABEL_LIFECYCLE_STATE]: "PreparingNormal",
      },
      annotations: { ...(meta.annotations ?? {}), [ANNOTATION_LIFECYCLE_TIMESTAMP]: rfc3339(now) },
      ...(meta.finalizers?.length ? { finalizers: [...meta.finalizers] } : {}),
      ownerReferences: [
        {
          apiVersion: "apps.kruise.io/v1alpha1",
          kind: "CloneSet",
          name,
          uid: cs.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: { ...(t.spec ?? { containers: [] }), readinessGates: gates },
  };
}
