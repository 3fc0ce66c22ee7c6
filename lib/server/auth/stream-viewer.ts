import "server-only";
import type { StreamViewer } from "../stream/sse";
import type { Caller } from "./caller";
import type { AuthState } from "./state";

const UNCONFIRMED = "the cluster no longer confirms this session's token as the same user and groups";

/**
 * Whose stream this is (token and proxy modes): what they may list, and — token mode — whether their
 * session still stands at each re-check (half the access-cache time): signed out, idle past the idle
 * timeout (an open stream is not use), or its token no longer accepted by the cluster's TokenReview
 * (expired, revoked). Either way the stream ends within the access-cache time and the browser's
 * reconnect gets 401 "sign in to <cluster>". A token the cluster refuses also ends the session.
 */
export function streamViewer(rt: AuthState, caller: Caller, cluster: string): StreamViewer | undefined {
  if (caller.mode === "local") return undefined;
  const cfg = rt.config;
  const access = rt.listAccess;
  const { session } = caller;
  const viewer: StreamViewer = {
    mayList: async (r, n) => {
      // Token mode: the access reviews ask about the identity the session holds; ask them only while the
      // cluster's own TokenReview confirms exactly that identity (groups and extras too), so a stored entry that
      // says more than the cluster does never widens what the stream shows.
      if (session) {
        const verdict = await rt.tokenCheck.verdict(session);
        if (verdict === "refused") await rt.shared.sessions.endSession(session);
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
    if (!(await rt.shared.sessions.isLive(session, cfg.sessionIdleMs))) return false;
    const verdict = await rt.tokenCheck.verdict(session);
    if (verdict === "refused") await rt.shared.sessions.endSession(session);
    // "unknown" (the cluster could not be asked) also ends the stream: it stands only while confirmed
    return verdict === "still";
  };
  return viewer;
}
