import "server-only";
import { AuthorizationV1Api } from "@kubernetes/client-node";
import type { Clusters } from "../clusters";
import { toApiErrorBody } from "../errors";
import { KINDS } from "@/lib/kinds";
import { exactCall } from "../exact";
import type { Caller } from "./identity";
import type { UserInfo } from "./sessions";
import type { ResourceName } from "@/lib/k8s/wire";
import type { ListDecision } from "../hub/filter";

export type { ListDecision };

/** One authorization question about a user (a SubjectAccessReview's resourceAttributes). */
export interface ReviewQuestion {
  cluster: string;
  user: UserInfo;
  verb: string;
  group: string;
  resource: string;
  /** null = cluster-wide (all namespaces) */
  namespace: string | null;
}

export type ReviewFn = (q: ReviewQuestion) => Promise<ListDecision>;

interface ReviewAnswer {
  status?: { allowed?: boolean; denied?: boolean };
}

/**
 * A SubjectAccessReview (authorization.k8s.io/v1, kubernetes pkg/registry/authorization/subjectaccessreview/rest.go)
 * asked with the console's own identity. A failed review is "not allowed", with a reason naming the fix.
 */
export async function subjectAccessReview(clusters: Clusters, q: ReviewQuestion): Promise<ListDecision> {
  const resourceAttributes = {
    verb: q.verb,
    group: q.group,
    resource: q.resource,
    ...(q.namespace ? { namespace: q.namespace } : {}),
  };
  const body = JSON.stringify({
    apiVersion: "authorization.k8s.io/v1",
    kind: "SubjectAccessReview",
    spec: {
      user: q.user.name,
      groups: q.user.groups,
      ...(q.user.extra ? { extra: q.user.extra } : {}),
      resourceAttributes,
    },
  });
  try {
    const kc = clusters.client(q.cluster).kc;
    const r = await exactCall<ReviewAnswer>("application/json", body, (o) =>
      kc.makeApiClient(AuthorizationV1Api).createSubjectAccessReview({ body: { spec: {} } }, o),
    );
    return { allowed: r.status?.allowed === true && r.status?.denied !== true };
  } catch (e) {
    const err = toApiErrorBody(e, `cluster "${q.cluster}"`);
    const fix =
      err.code === 403
        ? `the console's own identity may not create subjectaccessreviews.authorization.k8s.io on cluster "${q.cluster}": grant it (see deploy/ RBAC)`
        : `could not ask cluster "${q.cluster}" who may list ${q.resource}`;
    return { allowed: false, failure: `${fix} (${err.message})` };
  }
}

export interface ListAccessOptions {
  /** asks the cluster (the composition root: subjectAccessReview on its clusters; tests: a recorder) */
  review: ReviewFn;
  /** milliseconds clock (tests inject one) */
  now?: () => number;
  /** how long an answer is reused (the composition root: half the access-cache time) */
  ttlMs: () => number;
  /** answers kept at most (oldest dropped first) */
  maxEntries?: number;
}

interface Entry {
  at: number;
  answer: Promise<ListDecision>;
}

/**
 * "May this caller list AND watch <resource> in <namespace>?" (what a shared-hub stream needs: the user
 * must be able to open the same watch themselves). Answers are cached for the access-cache time, so a
 * revoked permission takes effect within it; concurrent questions share one review. Local mode: always.
 */
export class ListAccess {
  private cache = new Map<string, Entry>();
  private readonly review: ReviewFn;
  private readonly now: () => number;
  private readonly ttlMs: () => number;
  private readonly maxEntries: number;
  reviews = 0;

  constructor(o: ListAccessOptions) {
    this.review = o.review;
    this.now = o.now ?? Date.now;
    // Half the configured time for the answer's age plus half for the open streams' re-check interval
    // (routes.ts): a revoked permission takes effect within KRUISE_CONSOLE_ACCESS_CACHE_SECONDS.
    this.ttlMs = o.ttlMs;
    this.maxEntries = o.maxEntries ?? 10_000;
  }

  async mayList(
    caller: Caller,
    cluster: string,
    resource: ResourceName,
    namespace: string | null,
  ): Promise<ListDecision> {
    if (caller.mode === "local") return { allowed: true };
    const [list, watch] = await Promise.all(
      ["list", "watch"].map((verb) => this.cached(caller.user, cluster, verb, resource, namespace)),
    );
    if (list.allowed && watch.allowed) return { allowed: true };
    const failure = list.failure ?? watch.failure;
    return failure ? { allowed: false, failure } : { allowed: false };
  }

  private cached(
    user: UserInfo,
    cluster: string,
    verb: string,
    resource: ResourceName,
    namespace: string | null,
  ): Promise<ListDecision> {
    const key = JSON.stringify([
      cluster,
      user.name,
      [...user.groups].sort(),
      user.extra ?? {},
      verb,
      resource,
      namespace,
    ]);
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.ttlMs()) return hit.answer;
    this.cache.delete(key); // re-inserted last: Map order = age order for the size bound
    const def = KINDS.get(resource);
    this.reviews++;
    const answer = this.review({ cluster, user, verb, group: def.group, resource: def.resource, namespace }).catch(
      (e: unknown): ListDecision => ({ allowed: false, failure: `access review failed: ${String(e)}` }),
    );
    this.cache.set(key, { at: now, answer });
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return answer;
  }
}
