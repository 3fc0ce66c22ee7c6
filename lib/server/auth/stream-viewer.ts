import "server-only";
import type { StreamViewer } from "../sse";
import type { Caller } from "./caller";
import { consoleConfig } from "./config";
import { listAccess } from "./list-access";
import { sessionStore } from "./sessions";
import { reviewToken } from "./signin";
import { TokenCheck } from "./token-check";

const g = globalThis as typeof globalThis & { __kruiseConsoleTokenCheck?: TokenCheck };

/** The process-wide token re-check, answers reused for half the access-cache time (like the access reviews). */
export const tokenCheck = () =>
  (g.__kruiseConsoleTokenCheck ??= new TokenCheck({
    review: reviewToken,
    ttlMs: () => consoleConfig().accessCacheMs / 2,
  }));

const UNCONFIRMED = "the cluster no longer confirms this session's token as the same user and groups";

/**
 * Whose stream this is (token and proxy modes): what they may list, and — token mode — whether their
 * session still stands at each re-check (half the access-cache time): signed out, idle past the idle
 * timeout (an open stream is not use), or its token no longer accepted by the cluster's TokenReview
 * (expired, revoked). Either way the stream ends within the access-cache time and the browser's
 * reconnect gets 401 "sign in to <cluster>". A token the cluster refuses also ends the session.
 */
export function streamViewer(caller: Caller, cluster: string): StreamViewer | undefined {
  if (caller.mode === "local") return undefined;
  const cfg = consoleConfig();
  const access = listAccess();
  const { session } = caller;
  const viewer: StreamViewer = {
    mayList: async (r, n) => {
      // Token mode: the access reviews ask about the identity the session holds; ask them only while the
      // cluster's own TokenReview confirms exactly that identity (groups and extras too), so a stored entry that
      // says more than the cluster does never widens what the stream shows.
      if (session) {
        const verdict = await tokenCheck().verdict(session);
        if (verdict === "refused") await sessionStore().endSession(session);
        const where = JSON.stringify(session.cluster);
        if (verdict === "refused") return { allowed: false, failure: `sign in to ${where} again: ${UNCONFIRMED}` };
        if (verdict === "unknown")
          return {
            allowed: false,
            failure: `could not ask cluster ${where} whether this session's token still stands`,
          };
      }
      return access.mayList(caller, cluster, r, n);
    },
    recheckMs: cfg.accessCacheMs / 2,
  };
  if (!session) return viewer;
  viewer.alive = async () => {
    if (!(await sessionStore().isLive(session, consoleConfig().sessionIdleMs))) return false;
    const verdict = await tokenCheck().verdict(session);
    if (verdict === "refused") await sessionStore().endSession(session);
    // "unknown" (the cluster could not be asked) also ends the stream: it stands only while confirmed
    return verdict === "still";
  };
  return viewer;
}
