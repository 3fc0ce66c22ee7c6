// What a kind's home says about its place in the Kubernetes API: paths, qualified names and the access reviews its
// controls ask (kubernetes pkg/apis/authorization/types.go ResourceAttributes).
import type { AccessNeed, KindHome } from "./types";

/** `/api/v1` for the core group, `/apis/<group>/<version>` otherwise (api-concepts "API groups"). */
export function apiPrefix(h: Pick<KindHome, "group" | "version">): string {
  return h.group ? `/apis/${h.group}/${h.version}` : `/api/${h.version}`;
}

/**
 * The namespace a stream watches a kind in: a page's namespace for a namespaced kind, cluster-wide (null) for a
 * cluster-scoped one (nodes), which has no namespace to narrow to. The hub's scope, the frames and the browser's
 * cache key all use it, so a node list is one scope however many namespaces' pages ask for it.
 */
export function streamNamespace(h: Pick<KindHome, "scope">, namespace: string | null): string | null {
  return h.scope === "Cluster" ? null : namespace;
}

/** `clonesets.apps.kruise.io`, `pods`: the resource as RBAC and kubectl name it, with `/sub` for a subresource. */
export function qualifiedResource(h: Pick<KindHome, "group" | "resource">, subresource?: string): string {
  const r = subresource ? `${h.resource}/${subresource}` : h.resource;
  return h.group ? `${r}.${h.group}` : r;
}

const READS: readonly AccessNeed[] = [{ verb: "get" }, { verb: "list" }, { verb: "watch" }];
const needKey = (n: AccessNeed) => `${n.verb}/${n.subresource ?? ""}`;

/** Every permission a control on this kind may ask about: reading it, its subresource reads, what its writes need. */
export function accessNeeds(h: KindHome): AccessNeed[] {
  const out = new Map<string, AccessNeed>();
  const offered = [...Object.values(h.reads ?? {}), ...Object.values(h.writes)].flatMap((x) => x.needs);
  for (const n of [...READS, ...offered]) out.set(needKey(n), n);
  return [...out.values()];
}

/** Whether a need only reads (read-only mode still asks the cluster about it). */
export const isReadNeed = (n: AccessNeed) => READS.some((r) => r.verb === n.verb);

/** Whether `need` is one the kind's home lists (GET …/access answers nothing else). */
export function needsAccess(h: KindHome, need: AccessNeed): boolean {
  return accessNeeds(h).some((n) => needKey(n) === needKey(need));
}

/** The SelfSubjectAccessReview `spec.resourceAttributes` for one need on one object (or the namespace). */
export function accessAttributes(h: KindHome, need: AccessNeed, namespace: string | null, name?: string) {
  return {
    verb: need.verb,
    group: h.group,
    resource: h.resource,
    ...(need.subresource ? { subresource: need.subresource } : {}),
    ...(namespace ? { namespace } : {}),
    ...(name ? { name } : {}),
  };
}

/** What a review said, as a control shows it. */
export interface AccessAnswer {
  /** undefined while unknown (still asking, or the review failed: then `reason` says why) */
  allowed: boolean | undefined;
  reason?: string;
}

/**
 * Why a control is disabled, in one wording for every kind: "You may not patch this CloneSet (RBAC: no patch
 * permission on clonesets.apps.kruise.io)", "You may not patch rollouts/status: <the cluster's reason>". Undefined when
 * the control may be used.
 */
export function accessDenial(h: KindHome, need: AccessNeed, a: AccessAnswer): string | undefined {
  if (a.allowed === true) return undefined;
  if (a.allowed === undefined) return a.reason ?? "Checking permissions…";
  const what = need.subresource ? `${h.resource}/${need.subresource}` : `this ${h.kind}`;
  const rbac = `RBAC: no ${need.verb} permission on ${qualifiedResource(h, need.subresource)}`;
  return `You may not ${need.verb} ${what}${a.reason ? `: ${a.reason}` : ` (${rbac})`}`;
}
