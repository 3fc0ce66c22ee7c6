import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  Observable,
  ResponseContext,
  Watch,
  type ObservableMiddleware,
  type RequestContext,
} from "@kubernetes/client-node";
import type { K8sObject } from "@/lib/k8s/wire";
import { LEAN_LIST_TEXT, withoutManagedFields } from "./lean-json";
import { collectionPath, type ResourceDef } from "./resources";

/**
 * Keeps the API server's exact JSON for a successful response and hands client-node's typed
 * deserializer an empty object instead: timestamps and unknown fields stay byte-for-byte as the
 * server sent them (matching what the watch stream delivers) and no work is spent on models we
 * would only turn back into JSON. Error responses pass through so client-node raises ApiException.
 */
export class RawBody implements ObservableMiddleware {
  text: string | undefined;
  pre(ctx: RequestContext): Observable<RequestContext> {
    return new Observable(Promise.resolve(ctx));
  }
  post(rsp: ResponseContext): Observable<ResponseContext> {
    if (rsp.httpStatusCode < 200 || rsp.httpStatusCode > 299) return new Observable(Promise.resolve(rsp));
    return new Observable(
      rsp.body.text().then((text) => {
        this.text = text;
        const empty = "{}";
        return new ResponseContext(rsp.httpStatusCode, rsp.headers, {
          text: async () => empty,
          binary: async () => Buffer.from(empty),
        });
      }),
    );
  }
}

async function raw<T>(
  call: (opts: { middleware: ObservableMiddleware[]; middlewareMergeStrategy: "append" }) => Promise<unknown>,
  prepare?: (text: string) => string,
): Promise<T> {
  const cap = new RawBody();
  await call({ middleware: [cap], middlewareMergeStrategy: "append" });
  if (cap.text === undefined) throw new Error("client-node returned no response body");
  return JSON.parse(prepare ? prepare(cap.text) : cap.text) as T;
}

/**
 * One LIST request's query (api-concepts "Retrieving large results sets in chunks" and "Resource versions"):
 * `resourceVersion` unset reads the latest state (a quorum read); "0" accepts any state the server has cached,
 * and kube-apiserver then answers from its watch cache, which ignores `limit` (v1.20).
 */
export interface ListQuery {
  limit?: number;
  continue?: string;
  labelSelector?: string;
  resourceVersion?: string;
}

/** How a LIST page is read. */
export interface ListRead {
  /**
   * Leave out every item's metadata.managedFields before parsing (lean-json.ts): for the hub, which drops them
   * anyway; only pods and events allow it.
   */
  withoutManagedFields?: boolean;
}

export interface ListPage {
  items: K8sObject[];
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
}

/** Typed client-node APIs for one cluster, made once per KubeConfig. */
export class KubeClient {
  private core: CoreV1Api;
  private apps: AppsV1Api;
  private custom: CustomObjectsApi;
  private watcher: Watch;
  constructor(readonly kc: KubeConfig) {
    this.core = kc.makeApiClient(CoreV1Api);
    this.apps = kc.makeApiClient(AppsV1Api);
    this.custom = kc.makeApiClient(CustomObjectsApi);
    this.watcher = new Watch(kc);
  }

  /** One LIST page, optionally narrowed by a label selector on the server (see ListQuery). */
  listPage(d: ResourceDef, namespace: string | null, q: ListQuery = {}, read: ListRead = {}): Promise<ListPage> {
    const lean = read.withoutManagedFields && LEAN_LIST_TEXT.has(d.name) ? withoutManagedFields : undefined;
    const p = {
      ...(q.limit ? { limit: q.limit } : {}),
      ...(q.continue ? { _continue: q.continue } : {}),
      ...(q.labelSelector ? { labelSelector: q.labelSelector } : {}),
      ...(q.resourceVersion !== undefined ? { resourceVersion: q.resourceVersion } : {}),
    };
    return raw<ListPage>((o) => {
      switch (d.name) {
        case "clonesets":
        case "rollouts":
        case "batchreleases":
          return namespace
            ? this.custom.listNamespacedCustomObject(
                { group: d.group, version: d.version, plural: d.name, namespace, ...p },
                o,
              )
            : this.custom.listClusterCustomObject({ group: d.group, version: d.version, plural: d.name, ...p }, o);
        case "pods":
          return namespace
            ? this.core.listNamespacedPod({ namespace, ...p }, o)
            : this.core.listPodForAllNamespaces(p, o);
        case "events":
          return namespace
            ? this.core.listNamespacedEvent({ namespace, ...p }, o)
            : this.core.listEventForAllNamespaces(p, o);
        case "controllerrevisions":
          return namespace
            ? this.apps.listNamespacedControllerRevision({ namespace, ...p }, o)
            : this.apps.listControllerRevisionForAllNamespaces(p, o);
      }
    }, lean);
  }

  /** GET one object; throws ApiException (404 etc.) like any client-node call. */
  get(d: ResourceDef, namespace: string, name: string): Promise<K8sObject> {
    return raw<K8sObject>((o) => {
      switch (d.name) {
        case "clonesets":
        case "rollouts":
        case "batchreleases":
          return this.custom.getNamespacedCustomObject(
            { group: d.group, version: d.version, plural: d.name, namespace, name },
            o,
          );
        case "pods":
          return this.core.readNamespacedPod({ namespace, name }, o);
        case "events":
          return this.core.readNamespacedEvent({ namespace, name }, o);
        case "controllerrevisions":
          return this.apps.readNamespacedControllerRevision({ namespace, name }, o);
      }
    });
  }

  /**
   * WATCH from `resourceVersion` with bookmarks (api-concepts "Efficient detection of changes").
   * Resolves once the response headers arrived; `done` fires exactly once when the stream ends.
   */
  watch(
    d: ResourceDef,
    namespace: string | null,
    resourceVersion: string,
    onEvent: (type: string, obj: K8sObject) => void,
    done: (err: unknown) => void,
  ): Promise<AbortController> {
    return this.watcher.watch(
      collectionPath(d, namespace),
      { resourceVersion, allowWatchBookmarks: true },
      (type, obj) => onEvent(type, obj as K8sObject),
      done,
    );
  }
}
