import { useClientQuery } from "./hydration";
import type { AuthMode } from "../k8s/wire";
import { api, pages } from "../urls";

/** GET /api/auth/session: who the browser acts as, and the anti-CSRF token mutations must carry. */
export interface SessionInfo {
  mode: AuthMode;
  readOnly: boolean;
  signedIn: boolean;
  user: { name: string; groups: string[] } | null;
  csrf?: string;
  expiresAt?: string;
  /** why there is no session (401), or why it cannot be checked (503 "session store unreachable: <address>") */
  message?: string;
  /** set when the check itself failed (503: the shared session store is down; the console retries by itself) */
  code?: number;
  /** token mode: the clusters this browser is signed in to, each with the user its TokenReview named */
  clusters?: SignedInCluster[];
}

export interface SignedInCluster {
  cluster: string;
  user: { name: string; groups: string[] };
  expiresAt: string;
}

/** The cluster a console page is about (`/c/<cluster>/…`), if any. */
export function clusterOfPath(pathname: string): string | undefined {
  const m = /^\/c\/([^/]+)/.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

/** Token mode: whether this browser has a session for `cluster` (other modes: one identity for every cluster). */
export function signedInTo(s: SessionInfo | undefined, cluster: string | undefined): boolean {
  if (!s) return false;
  if (s.mode !== "token" || !cluster) return s.signedIn;
  return !!s.clusters?.some((c) => c.cluster === cluster);
}

export const SESSION_PATH = api.session();
export const CSRF_HEADER = "X-CSRF-Token";

let pending: Promise<SessionInfo> | undefined;

/** The session, fetched once per page load (force: after sign-in/out or a refused CSRF token). */
export function loadSession(force = false): Promise<SessionInfo> {
  if (!pending || force) {
    pending = fetch(SESSION_PATH, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      cache: "no-store",
    })
      .then((r) => r.json() as Promise<SessionInfo>)
      .then((s) => {
        // The shared session store is down (503): ask again next time rather than keep the failure.
        if (s.code === 503) pending = undefined;
        return s;
      });
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** Headers every mutation sends: JSON plus the session's anti-CSRF token (docs/architecture.md §5). */
export async function mutationHeaders(): Promise<Record<string, string>> {
  const s = await loadSession().catch(() => undefined);
  return {
    "Content-Type": "application/json",
    Accept: "application/json",
    ...(s?.csrf ? { [CSRF_HEADER]: s.csrf } : {}),
  };
}

export const sessionKey = ["auth", "session"] as const;

/** The session as a query (one fetch per page load; signIn/signOut refresh it). */
export function useSession(): { session: SessionInfo | undefined; readOnly: boolean } {
  const q = useClientQuery({
    queryKey: sessionKey,
    queryFn: () => loadSession(),
    staleTime: Infinity,
    retry: false,
    // while the session store is unreachable the header says so; it clears by itself once the store is back
    refetchInterval: (query) => (query.state.data?.code === 503 ? 3000 : false),
  });
  return { session: q.data, readOnly: !!q.data?.readOnly };
}

let leaving = false;

/**
 * A 401 from any API call: when the console itself says there is no session for this page's cluster
 * (expired, signed out elsewhere), go and sign in TO THAT CLUSTER, then come back. A cluster's 401 with
 * a live session (e.g. local mode's kubeconfig credentials expired) stays an error on the page: sign-in
 * could not fix it, only loop.
 */
export function signInAgain(): void {
  if (typeof window === "undefined" || leaving || window.location.pathname.startsWith("/signin")) return;
  const cluster = clusterOfPath(window.location.pathname);
  void loadSession(true).then(
    (s) => {
      if (signedInTo(s, cluster) || leaving) return;
      leaving = true;
      const next = window.location.pathname + window.location.search;
      // A full load: drops everything cached for the expired session.
      window.location.assign(pages.signIn(next, cluster));
    },
    () => undefined,
  );
}
