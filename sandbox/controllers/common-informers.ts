// The CloneSet and pod informers every sandbox controller needs (CloneSet, Rollout, BatchRelease), built one way:
// one watch path and one LIST per scope, cluster-wide or in one namespace.
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import { Informer, type InformerOptions } from "./informer";
import { GROUP, PLURAL, VERSION, type Kube } from "./kube";

type Common = Pick<InformerOptions<unknown>, "kc" | "clock" | "log">;

const nsPath = (ns?: string) => (ns ? `/namespaces/${ns}` : "");

export function cloneSetInformer(k: Kube, common: Common, ns?: string): Informer<CloneSet> {
  return new Informer<CloneSet>({
    ...common,
    path: `/apis/${GROUP}/${VERSION}${nsPath(ns)}/${PLURAL}`,
    list: async () =>
      (ns
        ? await k.custom.listNamespacedCustomObject({ group: GROUP, version: VERSION, plural: PLURAL, namespace: ns })
        : await k.custom.listClusterCustomObject({ group: GROUP, version: VERSION, plural: PLURAL })) as {
        items: CloneSet[];
      },
  });
}

export function podInformer(k: Kube, common: Common, ns?: string): Informer<Pod> {
  return new Informer<Pod>({
    ...common,
    path: `/api/v1${nsPath(ns)}/pods`,
    list: async () =>
      (ns ? await k.core.listNamespacedPod({ namespace: ns }) : await k.core.listPodForAllNamespaces()) as {
        items: Pod[];
      },
  });
}
