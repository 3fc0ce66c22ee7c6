/**
 * Advanced StatefulSets and Advanced DaemonSets for the contract suite, written out in full: the real kube-apiserver
 * here has no Kruise webhook to default them, so every field the controllers read is set.
 */
import { CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import type { DaemonSet, StatefulSet } from "@/lib/k8s/objects";
import { FIELD_MANAGER } from "./fixtures";

type StatefulRollingUpdate = NonNullable<NonNullable<StatefulSet["spec"]["updateStrategy"]>["rollingUpdate"]>;
type DaemonRollingUpdate = NonNullable<NonNullable<DaemonSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

export const STS = { group: "apps.kruise.io", version: "v1beta1", plural: "statefulsets" };
export const DS = { group: "apps.kruise.io", version: "v1alpha1", plural: "daemonsets" };

export function advancedStatefulSet(
  name: string,
  replicas: number,
  o: { image?: string; ru?: StatefulRollingUpdate; spec?: Partial<StatefulSet["spec"]>; gate?: boolean } = {},
): StatefulSet {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name },
    spec: {
      replicas,
      serviceName: name,
      podManagementPolicy: "OrderedReady",
      revisionHistoryLimit: 10,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          ...(o.gate === false ? {} : { readinessGates: [{ conditionType: "InPlaceUpdateReady" }] }),
          containers: [
            { name: "app", image: o.image ?? "nginx:1.0" },
            { name: "sidecar", image: "busybox:1.36" },
          ],
        },
      },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: {
          partition: 0,
          maxUnavailable: 1,
          podUpdatePolicy: "InPlaceIfPossible",
          minReadySeconds: 0,
          ...o.ru,
        },
      },
      ...o.spec,
    },
  };
}

/** An Advanced DaemonSet kept to `nodes` by a required node affinity on their hostname label. */
export function advancedDaemonSet(
  name: string,
  nodes: string[],
  o: { image?: string; ru?: DaemonRollingUpdate; spec?: Partial<DaemonSet["spec"]> } = {},
): DaemonSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "DaemonSet",
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      burstReplicas: 250,
      revisionHistoryLimit: 10,
      template: {
        metadata: { labels: { app: name } },
        spec: {
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  { matchExpressions: [{ key: "kubernetes.io/hostname", operator: "In", values: nodes }] },
                ],
              },
            },
          },
          containers: [{ name: "agent", image: o.image ?? "fluent/fluent-bit:2.2" }],
        },
      },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1, maxSurge: 0, ...o.ru },
      },
      ...o.spec,
    },
  };
}

/** Typed calls for one custom resource kind in one namespace. */
export function customObjects<T>(kc: KubeConfig, ref: typeof STS, namespace: string) {
  const api = kc.makeApiClient(CustomObjectsApi);
  const base = { ...ref, namespace };
  return {
    create: (body: object) =>
      api.createNamespacedCustomObject({ ...base, body, fieldManager: FIELD_MANAGER }) as Promise<T>,
    get: (name: string) => api.getNamespacedCustomObject({ ...base, name }) as Promise<T>,
    merge: (name: string, body: object) =>
      api.patchNamespacedCustomObject(
        { ...base, name, body, fieldManager: FIELD_MANAGER },
        setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
      ) as Promise<T>,
    delete: (name: string) => api.deleteNamespacedCustomObject({ ...base, name }),
  };
}
