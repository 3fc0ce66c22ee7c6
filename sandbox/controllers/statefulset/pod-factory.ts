// New Advanced StatefulSet pods: name and identity from the ordinal, template from the revision
// (docs/kruise-rules.md §13.2, §13.7).
import { templateFromRevision } from "@/lib/kruise/inplace/spec";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import {
  ANNOTATION_LIFECYCLE_TIMESTAMP,
  CONDITION_KRUISE_POD_READY,
  LABEL_LIFECYCLE_STATE,
  LABEL_REVISION_HASH,
} from "@/lib/kruise/core/names";
import { LABEL_STATEFUL_POD_NAME, statefulPodName } from "@/lib/kruise/statefulset/ordinals";
import { STATEFULSET_API_VERSION } from "@/lib/kruise/statefulset/revision";
import type { ControllerRevision, Pod, StatefulSet } from "@/lib/k8s/objects";

/**
 * The pod for `ordinal` at `rev`: `<set>-<ordinal>` (generateName `<set>-`), the template's labels, annotations and
 * finalizers, `statefulset.kubernetes.io/pod-name`, the revision label (the revision's full name) and lifecycle state
 * Normal; hostname = name, subdomain = serviceName; a volume per volumeClaimTemplate (claim
 * `<template>-<set>-<ordinal>`); the KruisePodReady gate Kruise's pod webhook adds. Upstream: kruise
 * pkg/controller/statefulset/stateful_set_utils.go newVersionedStatefulSetPod, stateful_set_control.go (lifecycle
 * Normal at creation); kubernetes pkg/controller GetPodFromTemplate.
 */
export function newStatefulSetPod(set: StatefulSet, rev: ControllerRevision, ordinal: number, now: number): Pod {
  const t = templateFromRevision(rev) ?? set.spec.template;
  const setName = set.metadata.name!;
  const name = statefulPodName(setName, ordinal);
  const meta = t.metadata ?? {};
  const spec = { ...(t.spec ?? { containers: [] }) };
  const gates = [...(spec.readinessGates ?? [])];
  if (!gates.some((g) => g.conditionType === CONDITION_KRUISE_POD_READY))
    gates.push({ conditionType: CONDITION_KRUISE_POD_READY });
  const claims = (set.spec.volumeClaimTemplates ?? []).map((c) => c.metadata?.name ?? "");
  const volumes = [
    ...claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: `${c}-${setName}-${ordinal}` } })),
    ...(spec.volumes ?? []).filter((v) => !claims.includes(v.name)),
  ];
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      generateName: `${setName}-`,
      namespace: set.metadata.namespace,
      labels: {
        ...(meta.labels ?? {}),
        [LABEL_STATEFUL_POD_NAME]: name,
        [LABEL_REVISION_HASH]: rev.metadata.name!,
        [LABEL_LIFECYCLE_STATE]: "Normal",
      },
      annotations: { ...(meta.annotations ?? {}), [ANNOTATION_LIFECYCLE_TIMESTAMP]: rfc3339(now) },
      ...(meta.finalizers?.length ? { finalizers: [...meta.finalizers] } : {}),
      ownerReferences: [
        {
          apiVersion: STATEFULSET_API_VERSION,
          kind: "StatefulSet",
          name: setName,
          uid: set.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      ...spec,
      hostname: name,
      ...(set.spec.serviceName ? { subdomain: set.spec.serviceName } : {}),
      readinessGates: gates,
      ...(volumes.length ? { volumes } : {}),
    },
  };
}
