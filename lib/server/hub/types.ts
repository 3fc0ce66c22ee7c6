import type { ConnectionState, K8sObject, ResourceName } from "@/lib/k8s/wire";
import type { ListPage, ListQuery, ListRead } from "../kube";
import type { KindRegistry } from "@/lib/kinds";
import type { ResourceDef } from "../resources";
import type { BackoffOptions } from "./backoff";
import type { Frame } from "./frame";

export interface ScopeKey {
  cluster: string;
  resource: ResourceName;
  /** null = all namespaces (a separate upstream watch from any namespaced scope) */
  namespace: string | null;
}

/** The part of KubeClient a scope needs: paged LIST and WATCH through client-node. */
export interface Upstream {
  listPage(d: ResourceDef, namespace: string | null, q?: ListQuery, read?: ListRead): Promise<ListPage>;
  watch(
    d: ResourceDef,
    namespace: string | null,
    resourceVersion: string,
    onEvent: (type: string, obj: K8sObject) => void,
    done: (err: unknown) => void,
  ): Promise<AbortController>;
}

export interface HubOptions {
  /** where each resource lives and how its objects are kept (default: lib/kinds KINDS) */
  kinds: KindRegistry;
  /** how long an unwatched scope keeps its upstream watch (default 30 s) */
  idleStopMs: number;
  /** LIST page size (default 500) */
  pageSize: number;
  /** objects per scope before the scope gives up with a TooManyObjects error (default 20,000) */
  maxObjects: number;
  /** scopes (upstream LIST+WATCHes) one cluster may hold at once (default 200) */
  maxScopesPerCluster: number;
  /** scopes (upstream LIST+WATCHes) over all clusters (default 1,000) */
  maxScopes: number;
  backoff: BackoffOptions;
  /** a watch that stayed up this long (or delivered events) resets the backoff (default 10 s) */
  healthyAfterMs: number;
  now: () => Date;
  random: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export type Listener = (frame: Frame) => void;

/** Counters for tests and the bench (how many upstream calls the hub made). */
export interface ScopeStats {
  lists: number;
  listPages: number;
  watches: number;
  state: ConnectionState["state"];
  objects: number;
  subscribers: number;
}
