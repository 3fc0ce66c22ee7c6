/** Objects and client handles the contract cases share. */
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";

export type PatchKind = "json" | "merge" | "strategic" | "apply";
export const CONTENT_TYPE: Record<PatchKind, string> = {
  json: PatchStrategy.JsonPatch,
  merge: PatchStrategy.MergePatch,
  strategic: PatchStrategy.StrategicMergePatch,
  apply: PatchStrategy.ServerSideApply,
};
export interface PatchExtra {
  dryRun?: string;
  fieldManager?: string | null;
  force?: boolean;
  status?: boolean;
}

export const GROUP = "apps.kruise.io";
export const VERSION = "v1alpha1";
export const PLURAL = "clonesets";
export const FIELD_MANAGER = "contract-tests";

/** A CloneSet valid for both servers (the real one has no Kruise webhook, so nothing is defaulted there). */
export function cloneSet(name: string, o: { replicas?: number; labels?: Record<string, string>; image?: string } = {}) {
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: "CloneSet",
    metadata: { name, labels: o.labels ?? { app: name } },
    spec: {
      replicas: o.replicas ?? 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: "app", image: o.image ?? "nginx:1.0" }] },
      },
      updateStrategy: { type: "InPlaceIfPossible", partition: 0 },
    },
  };
}

export function pod(
  name: string,
  containers: { name: string; image: string }[] = [{ name: "app", image: "nginx:1.0" }],
) {
  return { apiVersion: "v1", kind: "Pod", metadata: { name, labels: { app: name } }, spec: { containers } };
}

export type Obj = Record<string, unknown> & {
  metadata: Record<string, unknown> & { name: string; resourceVersion: string; generation?: number; uid: string };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

/** Typed wrappers over CustomObjectsApi for clonesets in one namespace. */
export function clonesets(kc: KubeConfig, namespace: string) {
  const api = kc.makeApiClient(CustomObjectsApi);
  const base = { group: GROUP, version: VERSION, namespace, plural: PLURAL };
  return {
    api,
    base,
    create: (body: object, extra: { dryRun?: string; fieldManager?: string } = {}) =>
      api.createNamespacedCustomObject({ ...base, body, fieldManager: FIELD_MANAGER, ...extra }) as Promise<Obj>,
    get: (name: string) => api.getNamespacedCustomObject({ ...base, name }) as Promise<Obj>,
    replace: (name: string, body: object, extra: { dryRun?: string } = {}) =>
      api.replaceNamespacedCustomObject({ ...base, name, body, fieldManager: FIELD_MANAGER, ...extra }) as Promise<Obj>,
    replaceStatus: (name: string, body: object) =>
      api.replaceNamespacedCustomObjectStatus({ ...base, name, body, fieldManager: FIELD_MANAGER }) as Promise<Obj>,
    /** PATCH with an explicit content type; fieldManager defaults to FIELD_MANAGER (null: omit it). */
    patch: (name: string, kind: PatchKind, body: object, x: PatchExtra = {}) => {
      const params = {
        ...base,
        name,
        body,
        dryRun: x.dryRun,
        force: x.force,
        fieldManager: x.fieldManager === null ? undefined : (x.fieldManager ?? FIELD_MANAGER),
      };
      const opts = setHeaderOptions("Content-Type", CONTENT_TYPE[kind]);
      return (
        x.status ? api.patchNamespacedCustomObjectStatus(params, opts) : api.patchNamespacedCustomObject(params, opts)
      ) as Promise<Obj>;
    },
    delete: (name: string, extra: { dryRun?: string; propagationPolicy?: string } = {}) =>
      api.deleteNamespacedCustomObject({ ...base, name, ...extra }) as Promise<Record<string, unknown>>,
  };
}

export function core(kc: KubeConfig) {
  return kc.makeApiClient(CoreV1Api);
}

/** Status the real schema requires when writing /status (replicas, ready, available, updated, updatedReady). */
export const minimalStatus = {
  replicas: 0,
  readyReplicas: 0,
  availableReplicas: 0,
  updatedReplicas: 0,
  updatedReadyReplicas: 0,
};
