import {
  CustomObjectsApi,
  KubeConfig,
  Observable,
  ResponseContext,
  Watch,
  type ObservableMiddleware,
  type RequestContext,
} from "@kubernetes/client-node";
import type { K8sObject, ResourceName, ResourceObjects } from "@/lib/k8s/wire";
import type { KindHome } from "@/lib/kinds";
import { withoutManagedFields } from "./lean-json";
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

export interface ListPage<T = K8sObject> {
  items: T[];
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
}

/**
 * client-node's CustomObjectsApi reaches any resource from its group, version and plural, which is all a kind's home
 * says, so no call needs a case per kind. Its path template is `/apis/{group}/...`; the core group lives under
 * `/api/v1` (api-concepts "API groups"), which the template cannot say: this middleware moves an empty group there.
 */
class CoreGroupPath implements ObservableMiddleware {
  pre(ctx: RequestContext): Observable<RequestContext> {
    const url = ctx.getUrl();
    const at = url.indexOf("/apis//");
    if (at >= 0) ctx.setUrl(`${url.slice(0, at)}/api/${url.slice(at + "/apis//".length)}`);
    return new Observable(Promise.resolve(ctx));
  }
  post(rsp: ResponseContext): Observable<ResponseContext> {
    return new Observable(Promise.resolve(rsp));
  }
}

type CallOptions = { middleware: ObservableMiddleware[]; middlewareMergeStrategy: "append" };

/** What one object call names: the kind's group, version and plural, and the object. */
const objectParams = (d: ResourceDef, namespace: string, name: string) => ({
  group: d.group,
  version: d.version,
  plural: d.resource,
  namespace,
  name,
});

/** client-node access for one cluster, made once per KubeConfig; every call is keyed by the kind's home. */
export class KubeClient {
  private custom: CustomObjectsApi;
  private watcher: Watch;
  constructor(readonly kc: KubeConfig) {
    this.custom = kc.makeApiClient(CustomObjectsApi);
    this.watcher = new Watch(kc);
  }

  /** The middleware every call runs with: the core-group path, then the caller's (raw body, exact request). */
  private static with(o: CallOptions): CallOptions {
    return { ...o, middleware: [new CoreGroupPath(), ...o.middleware] };
  }

  /** One LIST page, optionally narrowed by a label selector on the server (see ListQuery). */
  listPage<R extends ResourceName>(
    d: KindHome<R>,
    namespace: string | null,
    q: ListQuery = {},
    read: ListRead = {},
  ): Promise<ListPage<ResourceObjects[R]>> {
    const lean = read.withoutManagedFields && d.cache?.leanListText ? withoutManagedFields : undefined;
    const p = {
      group: d.group,
      version: d.version,
      plural: d.resource,
      ...(q.limit ? { limit: q.limit } : {}),
      ...(q.continue ? { _continue: q.continue } : {}),
      ...(q.labelSelector ? { labelSelector: q.labelSelector } : {}),
      ...(q.resourceVersion !== undefined ? { resourceVersion: q.resourceVersion } : {}),
    };
    return raw<ListPage<ResourceObjects[R]>>(
      (o) =>
        namespace
          ? this.custom.listNamespacedCustomObject({ ...p, namespace }, KubeClient.with(o))
          : this.custom.listClusterCustomObject(p, KubeClient.with(o)),
      lean,
    );
  }

  /** GET one object; throws ApiException (404 etc.) like any client-node call. */
  get<R extends ResourceName>(d: KindHome<R>, namespace: string, name: string): Promise<ResourceObjects[R]> {
    return raw<ResourceObjects[R]>((o) =>
      this.custom.getNamespacedCustomObject(objectParams(d, namespace, name), KubeClient.with(o)),
    );
  }

  /**
   * PATCH one object (or its /status) with the caller's middleware putting the exact content type and body on the
   * wire (lib/server/write/exact.ts); `query` carries fieldManager, dryRun and force.
   */
  patch(
    d: ResourceDef,
    namespace: string,
    name: string,
    query: { fieldManager: string; dryRun?: "All"; force?: boolean; subresource?: "status" },
    o: CallOptions,
  ): Promise<unknown> {
    const { subresource, ...q } = query;
    const params = { ...objectParams(d, namespace, name), body: {}, ...q };
    return subresource === "status"
      ? this.custom.patchNamespacedCustomObjectStatus(params, KubeClient.with(o))
      : this.custom.patchNamespacedCustomObject(params, KubeClient.with(o));
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
