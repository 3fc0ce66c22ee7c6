// The CloneSet and pod informers every sandbox controller needs (CloneSet, Rollout, BatchRelease, kubelet), built
// one way: one watch path and one LIST per scope, cluster-wide or in one namespace. Controllers started together
// share one of each (SharedInformers), as a process's shared informer factory does: every pod event is then
// decoded once instead of once per controller.
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
  return new Informer<Pod>({ ...common, path: `/api/v1${nsPath(ns)}/pods`, list: () => k.listPods(ns) });
}

/** One pod and one CloneSet informer for all the controllers of a process; whoever made them stops them. */
export interface SharedInformers {
  pods: Informer<Pod>;
  sets: Informer<CloneSet>;
}

export function sharedInformers(k: Kube, common: Common, ns?: string): SharedInformers {
  return { pods: podInformer(k, common, ns), sets: cloneSetInformer(k, common, ns) };
}
