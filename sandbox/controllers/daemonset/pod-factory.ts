// New Advanced DaemonSet pods: the template with the daemon tolerations, the revision hash label and an affinity
// naming the node (docs/kruise-rules.md §14.4).
import { CONDITION_INPLACE_READY, CONDITION_KRUISE_POD_READY } from "@/lib/kruise/core/names";
import { LABEL_DS_HASH, templateGeneration } from "@/lib/kruise/daemonset/daemon-pods";
import { nodeNameAffinity, withDaemonTolerations } from "@/lib/kruise/daemonset/placement";
import { DAEMONSET_API_VERSION } from "@/lib/kruise/daemonset/revision";
import type { DaemonSet, Pod, PodSpec } from "@/lib/k8s/objects";

/** The affinity with its required node terms replaced by `metadata.name In [node]` (ReplaceDaemonSetPodNodeNameNodeAffinity). */
function affinityFor(spec: PodSpec, node: string): PodSpec["affinity"] {
  const affinity = spec.affinity ?? {};
  const na = affinity.nodeAffinity;
  if (!na?.requiredDuringSchedulingIgnoredDuringExecution)
    return { ...affinity, nodeAffinity: { ...(na ?? {}), ...nodeNameAffinity(node) } };
  return {
    ...affinity,
    nodeAffinity: {
      ...na,
      requiredDuringSchedulingIgnoredDuringExecution: {
        ...na.requiredDuringSchedulingIgnoredDuringExecution,
        nodeSelectorTerms: nodeNameAffinity(node)!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms,
      },
    },
  };
}

/**
 * The pod for `node`: generateName `<ds>-`, the template's labels (plus `controller-revision-hash: <hash>`, and the
 * template generation when the deprecated annotation is set), annotations and finalizers; the daemon tolerations; the
 * InPlaceUpdateReady gate with rollingUpdateType InPlaceIfPossible and the KruisePodReady gate Kruise's pod webhook
 * adds; a required node affinity naming the node (the scheduler, or here the kubelet, binds it). Upstream: kruise
 * pkg/controller/daemonset/daemonset_controller.go syncNodes; kubernetes pkg/controller/daemon/util
 * CreatePodTemplate, ReplaceDaemonSetPodNodeNameNodeAffinity; pkg/controller GetPodFromTemplate.
 */
export function newDaemonPod(ds: DaemonSet, node: string, hash: string): Pod {
  const t = ds.spec.template;
  const meta = t.metadata ?? {};
  const spec = withDaemonTolerations(t.spec ?? { containers: [] });
  const gates = [...(spec.readinessGates ?? [])];
  const inPlace = ds.spec.updateStrategy?.rollingUpdate?.rollingUpdateType === "InPlaceIfPossible";
  if (inPlace && (ds.spec.updateStrategy?.type ?? "RollingUpdate") === "RollingUpdate")
    gates.push({ conditionType: CONDITION_INPLACE_READY });
  if (!gates.some((g) => g.conditionType === CONDITION_KRUISE_POD_READY))
    gates.push({ conditionType: CONDITION_KRUISE_POD_READY });
  const generation = templateGeneration(ds);
  const name = ds.metadata.name!;
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      // No name: the API server makes one from generateName.
      name: "",
      generateName: `${name}-`,
      namespace: ds.metadata.namespace,
      labels: {
        ...(meta.labels ?? {}),
        ...(generation !== undefined ? { "pod-template-generation": generation } : {}),
        [LABEL_DS_HASH]: hash,
      },
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ...(meta.finalizers?.length ? { finalizers: [...meta.finalizers] } : {}),
      ownerReferences: [
        {
          apiVersion: DAEMONSET_API_VERSION,
          kind: "DaemonSet",
          name,
          uid: ds.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: { ...spec, readinessGates: gates, affinity: affinityFor(spec, node) },
  };
}
