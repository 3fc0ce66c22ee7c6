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
 * Open streams re-ask the cluster whether a session's token is still accepted (a TokenReview), so an
 * expired or revoked token ends its streams within the access-cache time, as a revoked permission does.
 * One answer per session is shared by all its streams for `ttlMs`; concurrent asks share one review.
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
      (u): TokenVerdict => (u.name === s.user.name ? "still" : "refused"),
      (e: unknown): TokenVerdict => (e instanceof HttpError && e.body.code === 401 ? "refused" : "unknown"),
    );
    this.answers.set(key, { at: t, verdict });
    return verdict;
  }
}
