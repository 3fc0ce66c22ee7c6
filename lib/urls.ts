/**
 * Every URL the console builds, in one place: the pages (links, redirects), the dashboard's own API
 * (fetches, EventSource) and the Kubernetes API paths the server writes to. Pure and typed, so
 * components, lib/client, lib/server and the test suites share it. This is the only module that
 * encodes path segments: cluster names are kubeconfig context names (`admin@prod`, `arn:aws:…/x`).
 */
import type { ResourceName } from "./k8s/wire";
import { logQueryParams, type LogQuery } from "./logs/params";

const segment = (value: string): string => encodeURIComponent(value);

/** Names joined as one `/`-separated key, each encoded so a name holding "/" cannot shift the others. */
export function joinSegments(names: readonly string[]): string {
  return names.map(segment).join("/");
}

/** `?a=1&b=2` from the defined, non-empty values (repeated keys from arrays), or "" when none is left. */
export function queryString(params: Record<string, string | readonly string[] | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one) query.append(key, one as string);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** What the pod page shows, kept in its URL: which container's log, and which run of it. */
export interface PodPageQuery {
  container?: string;
  previous?: boolean;
}

/** Filters and sort of a workload list page, kept in its URL so a view can be bookmarked. */
export interface CloneSetListQuery {
  ns?: string;
  q?: string;
  sort?: string;
  desc?: boolean;
}

const clusterPage = (cluster: string) => `/c/${segment(cluster)}`;
const listPage = (cluster: string, path: string, query: CloneSetListQuery) =>
  `${clusterPage(cluster)}/${path}${queryString({ ...query, desc: query.desc ? "1" : undefined })}`;
const objectPage = (cluster: string, namespace: string, resource: ResourceName, name: string) =>
  `${clusterPage(cluster)}/ns/${segment(namespace)}/${resource}/${segment(name)}`;

/** Browser pages (app/…/page.tsx). */
export const pages = {
  home: () => "/",
  /** `next` is where to return after signing in (a same-site path); `cluster` is the cluster to sign in to. */
  signIn: (next?: string, cluster?: string) => `/signin${queryString({ cluster, next })}`,
  cloneSets: (cluster: string, query: CloneSetListQuery = {}) => listPage(cluster, "clonesets", query),
  /** Every workload kind in one list (the fleet): `app/c/[cluster]/workloads`. */
  workloads: (cluster: string, query: CloneSetListQuery = {}) => listPage(cluster, "workloads", query),
  cloneSet: (cluster: string, namespace: string, name: string) => objectPage(cluster, namespace, "clonesets", name),
  cloneSetYaml: (cluster: string, namespace: string, name: string) =>
    `${objectPage(cluster, namespace, "clonesets", name)}/yaml`,
  /** A kind's list page (`app/c/[cluster]/<resource>`): the CloneSet list is `cloneSets`. */
  list: (cluster: string, resource: ResourceName, query: CloneSetListQuery = {}) => listPage(cluster, resource, query),
  /** A workload's own detail page (`app/c/[cluster]/ns/[namespace]/<resource>/[name]`): any kind that has one. */
  workload: (cluster: string, namespace: string, resource: ResourceName, name: string) =>
    objectPage(cluster, namespace, resource, name),
  /** Its live YAML. */
  yaml: (cluster: string, namespace: string, resource: ResourceName, name: string) =>
    `${objectPage(cluster, namespace, resource, name)}/yaml`,
  edit: (cluster: string, namespace: string, resource: ResourceName, name: string) =>
    `${objectPage(cluster, namespace, resource, name)}/edit`,
  controllerRevision: (cluster: string, namespace: string, name: string) =>
    objectPage(cluster, namespace, "controllerrevisions", name),
  /** A pod and its containers' logs. */
  pod: (cluster: string, namespace: string, name: string, query: PodPageQuery = {}) =>
    `${objectPage(cluster, namespace, "pods", name)}${queryString({
      container: query.container,
      previous: query.previous ? "1" : undefined,
    })}`,
};

const clusterApi = (cluster: string) => `/api/c/${segment(cluster)}`;
const objectApi = (cluster: string, namespace: string, resource: ResourceName, name: string) =>
  `${clusterApi(cluster)}/ns/${segment(namespace)}/${resource}/${segment(name)}`;

const writeApi = (cluster: string, namespace: string, resource: ResourceName, name: string, write: string) =>
  `${objectApi(cluster, namespace, resource, name)}/${segment(write)}`;

/** The dashboard's own API (app/api/…/route.ts). */
export const api = {
  clusters: () => "/api/clusters",
  /** The session for `cluster` (token mode keeps one per cluster), or the current context's. */
  session: (cluster?: string) => `/api/auth/session${queryString({ cluster })}`,
  signIn: () => "/api/auth/signin",
  signOut: () => "/api/auth/signout",
  /** The page's "still in use" heartbeat, which keeps the session (and its streams) from idling out. */
  activity: () => "/api/auth/activity",
  /** One SSE stream per page: every resource it shows (`r=` repeated), in one namespace or all (`ns` omitted). */
  stream: (cluster: string, resources: readonly string[], namespace?: string | null) =>
    `${clusterApi(cluster)}/stream${queryString({ r: resources, ns: namespace })}`,
  object: (cluster: string, namespace: string, resource: ResourceName, name: string) =>
    objectApi(cluster, namespace, resource, name),
  /** A write the kind's home offers on one object (lib/kinds `writes`): POST, answered with a WriteOutcome. */
  write: writeApi,
  edit: (cluster: string, namespace: string, resource: ResourceName, name: string) =>
    writeApi(cluster, namespace, resource, name, "edit"),
  /** A CloneSet's update intent: partition, pause, resume, limits, rollback (its own update strategy). */
  update: (cluster: string, namespace: string, name: string) =>
    writeApi(cluster, namespace, "clonesets", name, "update"),
  /** An action on a Kruise Rollout (approve, pause, resume, jump, disable). */
  kruiseRolloutAction: (cluster: string, namespace: string, rollout: string) =>
    writeApi(cluster, namespace, "rollouts", rollout, "action"),
  /** A pod's log as text (streamed; `download` answers it as a file): lib/logs/params.ts says what each option does. */
  podLog: (cluster: string, namespace: string, name: string, query: Partial<LogQuery> = {}) =>
    `${objectApi(cluster, namespace, "pods", name)}/log${queryString(logQueryParams(query))}`,
  /** May the caller `verb` (the `subresource` of) this object? A SelfSubjectAccessReview as them. */
  access: (
    cluster: string,
    namespace: string,
    resource: ResourceName,
    name: string,
    need: { verb: string; subresource?: string },
  ) =>
    `${objectApi(cluster, namespace, resource, name)}/access${queryString({ verb: need.verb, subresource: need.subresource })}`,
};

/**
 * A Kubernetes API collection or object path: `<prefix>/namespaces/<ns>/<plural>[/<name>]`, or the
 * cluster-wide `<prefix>/<plural>` without a namespace (`prefix` is `/api/v1` or `/apis/<group>/<version>`).
 */
export function kubePath(prefix: string, plural: string, namespace?: string | null, name?: string): string {
  const collection = namespace ? `${prefix}/namespaces/${segment(namespace)}/${plural}` : `${prefix}/${plural}`;
  return name === undefined ? collection : `${collection}/${segment(name)}`;
}
