import type { ConnectionState, K8sObject, StreamEvent } from "../k8s/wire";

/**
 * The client-side copy of one (cluster, resource, namespace) scope.
 * `synced` turns true with the first snapshot; until then `byKey` is empty and the list is loading.
 */
export interface ResourceListState {
  byKey: Record<string, K8sObject>;
  resourceVersion: string;
  connection: ConnectionState;
  synced: boolean;
}

/** `namespace/name` (or just `name` for cluster-scoped objects): the identity a watch event refers to. */
export function objectKey(obj: K8sObject): string {
  const ns = obj.metadata.namespace;
  return ns ? `${ns}/${obj.metadata.name}` : obj.metadata.name;
}

export function initialListState(): ResourceListState {
  return { byKey: {}, resourceVersion: "", connection: { state: "connecting" }, synced: false };
}

/**
 * Applies one SSE event. resourceVersions are opaque (Kubernetes api-concepts "Resource versions":
 * clients may only compare them for equality), so changes apply in arrival order; the server's
 * single upstream watch already orders them. A snapshot replaces everything (it follows every relist).
 * Only a `status` event can say "live": a snapshot alone never upgrades the connection state.
 */
export function applyStreamEvent(state: ResourceListState | undefined, ev: StreamEvent): ResourceListState {
  const prev = state ?? initialListState();
  switch (ev.event) {
    case "snapshot": {
      const byKey: Record<string, K8sObject> = {};
      for (const item of ev.data.items) byKey[objectKey(item)] = item;
      return { ...prev, byKey, resourceVersion: ev.data.resourceVersion, synced: true };
    }
    case "change": {
      const { type, object } = ev.data;
      const key = objectKey(object);
      const byKey = { ...prev.byKey };
      if (type === "DELETED") delete byKey[key];
      else byKey[key] = object;
      return { ...prev, byKey, resourceVersion: object.metadata.resourceVersion ?? prev.resourceVersion };
    }
    case "status": {
      const { state: name, since, error } = ev.data;
      const connection: ConnectionState = { state: name };
      if (since) connection.since = since;
      if (error) connection.error = error;
      return { ...prev, connection };
    }
  }
}

/**
 * Marks a cached list as not live because the browser's own stream is down (or closed).
 * Keeps the earliest `since` so "stale since T" says when the data stopped updating.
 */
export function markDisconnected(
  state: ResourceListState | undefined,
  name: "reconnecting" | "stale" | "error",
  now: string,
  error?: ApiErrorBodyLike,
): ResourceListState {
  const prev = state ?? initialListState();
  const wasDown = prev.connection.state !== "live" && prev.connection.state !== "connecting";
  const since = wasDown && prev.connection.since ? prev.connection.since : now;
  const connection: ConnectionState = { state: name, since };
  if (error) connection.error = error;
  else if (prev.connection.error && name !== "reconnecting") connection.error = prev.connection.error;
  return { ...prev, connection };
}

type ApiErrorBodyLike = NonNullable<ConnectionState["error"]>;
