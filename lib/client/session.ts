import { useQuery } from "@tanstack/react-query";
import type { AuthMode } from "./types";

/** GET /api/auth/session: who the browser acts as, and the anti-CSRF token mutations must carry. */
export interface SessionInfo {
  mode: AuthMode;
  readOnly: boolean;
  signedIn: boolean;
  user: { name: string; groups: string[] } | null;
  csrf?: string;
  expiresAt?: string;
  /** why there is no session (401) */
  message?: string;
}

export const SESSION_PATH = "/api/auth/session";
export const CSRF_HEADER = "X-CSRF-Token";

let pending: Promise<SessionInfo> | undefined;

/** The session, fetched once per page load (force: after sign-in/out or a refused CSRF token). */
export function loadSession(force = false): Promise<SessionInfo> {
  if (!pending || force) {
    pending = fetch(SESSION_PATH, { credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store" })
      .then((r) => r.json() as Promise<SessionInfo>);
    pending.catch(() => { pending = undefined; });
  }
  return pending;
}

/** Headers every mutation sends: JSON plus the session's anti-CSRF token (issue #7 "Request hygiene"). */
export async function mutationHeaders(): Promise<Record<string, string>> {
  const s = await loadSession().catch(() => undefined);
  return { "Content-Type": "application/json", Accept: "application/json", ...(s?.csrf ? { [CSRF_HEADER]: s.csrf } : {}) };
}

export const sessionKey = ["auth", "session"] as const;

/** The session as a query (one fetch per page load; signIn/signOut refresh it). */
export function useSession(): { session: SessionInfo | undefined; readOnly: boolean } {
  const q = useQuery({ queryKey: sessionKey, queryFn: () => loadSession(), staleTime: Infinity, retry: false });
  return { session: q.data, readOnly: !!q.data?.readOnly };
}

/** A 401 from any API call: the session expired or never existed; go and sign in, then come back. */
export function signInAgain(): void {
  if (typeof window === "undefined" || window.location.pathname.startsWith("/signin")) return;
  const next = window.location.pathname + window.location.search;
  // A full load: works from any code (not only event handlers) and drops the expired session's cache.
  window.location.assign(`/signin?next=${encodeURIComponent(next)}`); // eslint-disable-line @next/next/no-location-assign-relative-destination
}
