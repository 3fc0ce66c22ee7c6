export interface BackoffOptions {
  /** first retry delay */
  baseMs: number;
  /** cap */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so a fleet of
 * reconnecting scopes (e.g. after an API server restart) spreads out instead of stampeding.
 * Same idea as client-go's wait.Backoff with Jitter (k8s.io/apimachinery/pkg/util/wait/backoff.go).
 */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number): number {
  const step = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (step / 2) * random());
}
