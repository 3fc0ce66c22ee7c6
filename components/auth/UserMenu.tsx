"use client";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { postHeartbeat, startActivityHeartbeat } from "@/lib/client/activity";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { postJson } from "@/lib/client/api";
import { clusterOfPath, useSession } from "@/lib/client/session";
import { api, pages } from "@/lib/urls";

/** Token mode: end the server-side session for one cluster, or all (the cookie is HttpOnly), then sign-in. */
async function signOut(client: QueryClient, cluster?: string): Promise<void> {
  await postJson(client, api.signOut(), cluster ? { cluster } : {}).catch(() => undefined);
  // A full load on purpose: nothing cached for the old session may survive sign-out.
  window.location.assign(pages.signIn(undefined, cluster));
}

/** The header's right side: who the console acts as (on this page's cluster), read-only mode, sign out. */
export function UserMenu() {
  const { session } = useSession();
  const client = useQueryClient();
  const cluster = clusterOfPath(usePathname() ?? "");
  const [leaving, setLeaving] = useState(false);
  const token = session?.mode === "token" && session.signedIn;
  useEffect(() => (token ? startActivityHeartbeat(() => postHeartbeat(client)) : undefined), [token, client]);
  if (!session) return null;
  if (session.code === 503)
    return (
      <span role="alert" data-testid="store-unreachable">
        <Badge
          tone="bad"
          icon="!"
          title="Sign-in and session checks fail until it is back; this clears by itself when it is"
        >
          {session.message ?? "session store unreachable"}
        </Badge>
      </span>
    );
  const signedIn = session.clusters ?? [];
  // token mode: the user THIS cluster vouched for; other modes: one identity everywhere
  const user = session.mode === "token" ? (signedIn.find((c) => c.cluster === cluster)?.user ?? null) : session.user;
  const groups = user?.groups.length ? `groups: ${user.groups.join(", ")}` : "no groups";
  const leave = (c?: string) => {
    setLeaving(true);
    void signOut(client, c);
  };
  return (
    <span className="user-menu" style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      {session.readOnly ? (
        <span data-testid="read-only-badge">
          <Badge tone="warn" icon="⊘" title="Writes are disabled for everyone on this console">
            Read-only
          </Badge>
        </span>
      ) : null}
      {session.signedIn && user ? (
        <span
          className="small"
          title={`Acting on ${cluster ?? "the cluster"} as ${user.name} (${groups})`}
          data-testid="current-user"
        >
          <span className="muted">as </span>
          <strong>{user.name}</strong>
        </span>
      ) : null}
      {session.signedIn && session.mode === "local" ? (
        <span className="small muted" title="Local mode: the console uses your kubeconfig's credentials">
          as your kubeconfig user
        </span>
      ) : null}
      {token && (user || !cluster) ? (
        <button
          type="button"
          disabled={leaving}
          onClick={() => leave(user ? cluster : undefined)}
          data-testid="sign-out"
          title={user && cluster ? `Sign out of ${cluster} (other clusters stay signed in)` : "Sign out"}
        >
          {user && cluster && signedIn.length > 1 ? `Sign out of ${cluster}` : "Sign out"}
        </button>
      ) : null}
      {token && signedIn.length > 1 ? (
        <button type="button" disabled={leaving} onClick={() => leave()} data-testid="sign-out-all">
          Sign out of all
        </button>
      ) : null}
    </span>
  );
}
