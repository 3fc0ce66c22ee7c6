// The CloneSet and pod informers every sandbox controller needs (CloneSet, Rollout, BatchRelease, kubelet), built
// one way: one watch path and one LIST per scope, cluster-wide or in one namespace. Controllers started together
// share one of each (SharedInformers), as a process's shared informer factory does: every pod event is then
// decoded once instead of once per controller.
import type { CloneSet, Pod, StatefulSet } from "@/lib/k8s/objects";
import { Informer, type InformerOptions } from "./informer";
import { errorCode, GROUP, PLURAL, VERSION, type CustomRef, type Kube } from "./kube";

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

export const STATEFULSET_REF: CustomRef = { group: GROUP, version: "v1beta1", plural: "statefulsets" };

/** Advanced StatefulSets (`apps.kruise.io/v1beta1`), for the Rollout controllers' StatefulSet-like workloads. */
export function statefulSetInformer(k: Kube, common: Common, ns?: string): Informer<StatefulSet> {
  return new Informer<StatefulSet>({
    ...common,
    path: `/apis/${GROUP}/v1beta1${nsPath(ns)}/statefulsets`,
    list: () => k.listCustom<StatefulSet>(STATEFULSET_REF, ns),
  });
}

/** Starts an informer of a kind the API server may not serve: false (and stopped) on a 404. */
export async function startIfServed(i: { start(): Promise<void>; stop(): void }): Promise<boolean> {
  try {
    await i.start();
    return true;
  } catch (e) {
    i.stop();
    if (errorCode(e) !== 404) throw e;
    return false;
  }
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
