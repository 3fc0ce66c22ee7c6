import "server-only";
import { HttpError } from "../errors";
import type { Session, UserInfo } from "./sessions";

export type Review = (cluster: string, token: string) => Promise<UserInfo>;

export interface TokenCheckOptions {
  review: Review;
  /** how long an answer is reused (half the access-cache time, like the SubjectAccessReviews) */
  ttlMs: () => number;
  now?: () => number;
}

/** still: the cluster accepts the token as the same user; refused: it does not (end the session); unknown: could not ask */
export type TokenVerdict = "still" | "refused" | "unknown";

/**
 * Whether the cluster's answer names exactly the identity the session holds: the user, the same groups (as a set)
 * and the same extras. A user dropped from a group, or a stored entry that says more than the cluster does, is
 * no longer the same identity.
 */
export function sameIdentity(a: UserInfo, b: UserInfo): boolean {
  const set = (l: readonly string[]) => JSON.stringify([...new Set(l)].sort());
  const extra = (e: UserInfo["extra"]) =>
    JSON.stringify(
      Object.entries(e ?? {})
        .filter(([, v]) => v.length > 0)
        .map(([k, v]) => [k, [...v].sort()])
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  return a.name === b.name && set(a.groups) === set(b.groups) && extra(a.extra) === extra(b.extra);
}

/**
 * Open streams re-ask the cluster whether a session's token is still accepted (a TokenReview) AS THE SAME
 * IDENTITY (sameIdentity: user, groups, extras), so an expired or revoked token, or changed group membership,
 * ends its streams within the access-cache time, as a revoked permission does. One answer per session is
 * shared by all its streams for `ttlMs`; concurrent asks share one review.
 */
export class TokenCheck {
  private answers = new Map<string, { at: number; verdict: Promise<TokenVerdict> }>();
  private readonly now: () => number;

  constructor(private o: TokenCheckOptions) {
    this.now = o.now ?? Date.now;
  }

  verdict(s: Session): Promise<TokenVerdict> {
    const t = this.now();
    const key = `${s.key}\u0000${s.created}`;
    const hit = this.answers.get(key);
    if (hit && t - hit.at < this.o.ttlMs()) return hit.verdict;
    for (const [k, v] of this.answers) if (t - v.at >= this.o.ttlMs()) this.answers.delete(k);
    const verdict = this.o.review(s.cluster, s.token).then(
      (u): TokenVerdict => (sameIdentity(u, s.user) ? "still" : "refused"),
      (e: unknown): TokenVerdict => (e instanceof HttpError && e.body.code === 401 ? "refused" : "unknown"),
    );
    this.answers.set(key, { at: t, verdict });
    return verdict;
  }
}
