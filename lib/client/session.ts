import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { useClientQuery } from "./hydration";
import type { AuthMode } from "../k8s/wire";
import { api, pages } from "../urls";
import { sessionKeys } from "./keys";

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

async function fetchSession(): Promise<SessionInfo> {
  const r = await fetch(SESSION_PATH, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    cache: "no-store",
  });
  return (await r.json()) as SessionInfo;
}

/** The session as a query: fetched once per page load, kept in the query cache (the only client store). */
export function sessionOptions() {
  return queryOptions<SessionInfo>({
    queryKey: sessionKeys.current,
    queryFn: fetchSession,
    staleTime: Infinity,
    retry: false,
    // while the session store is unreachable the header says so; it clears by itself once the store is back
    refetchInterval: (query) => (query.state.data?.code === 503 ? 3000 : false),
  });
}

/**
 * The session from the cache, fetched when absent (force: after sign-in/out or a refused CSRF token). A 503 (the
 * shared session store is down) is asked again next time rather than kept.
 */
export function loadSession(client: QueryClient, force = false): Promise<SessionInfo> {
  const cached = client.getQueryData(sessionOptions().queryKey);
  if (cached && !force && cached.code !== 503) return Promise.resolve(cached);
  return client.fetchQuery({ ...sessionOptions(), staleTime: 0 });
}

/** Headers every mutation sends: JSON plus the session's anti-CSRF token (docs/architecture.md §5). */
export async function mutationHeaders(client: QueryClient): Promise<Record<string, string>> {
  const s = await loadSession(client).catch(() => undefined);
  return {
    "Content-Type": "application/json",
    Accept: "application/json",
    ...(s?.csrf ? { [CSRF_HEADER]: s.csrf } : {}),
  };
}

/** The session as the page renders it. */
export function useSession(): { session: SessionInfo | undefined; readOnly: boolean } {
  const q = useClientQuery(sessionOptions());
  return { session: q.data, readOnly: !!q.data?.readOnly };
}

let leaving = false;

/**
 * A 401 from any API call: when the console itself says there is no session for this page's cluster
 * (expired, signed out elsewhere), go and sign in TO THAT CLUSTER, then come back. A cluster's 401 with
 * a live session (e.g. local mode's kubeconfig credentials expired) stays an error on the page: sign-in
 * could not fix it, only loop.
 */
export function signInAgain(client: QueryClient): void {
  if (typeof window === "undefined" || leaving || window.location.pathname.startsWith("/signin")) return;
  const cluster = clusterOfPath(window.location.pathname);
  void loadSession(client, true).then(
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
