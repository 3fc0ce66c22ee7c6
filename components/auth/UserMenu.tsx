"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { mutationHeaders, useSession } from "@/lib/client/session";
import { api, pages } from "@/lib/urls";

/** Token mode: end the server-side session (the cookie is HttpOnly), then back to the sign-in page. */
async function signOut(): Promise<void> {
  const headers = await mutationHeaders();
  await fetch(api.signOut(), { method: "POST", credentials: "same-origin", headers, body: "{}" }).catch(
    () => undefined,
  );
  // A full load on purpose: nothing cached for the old session may survive sign-out.
  window.location.assign(pages.signIn());
}

/** The header's right side: who the console acts as, read-only mode, sign out. */
export function UserMenu() {
  const { session } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!session) return null;
  const user = session.user;
  const groups = user?.groups.length ? `groups: ${user.groups.join(", ")}` : "no groups";
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
        <span className="small" title={`Acting on the cluster as ${user.name} (${groups})`} data-testid="current-user">
          <span className="muted">as </span>
          <strong>{user.name}</strong>
        </span>
      ) : null}
      {session.signedIn && session.mode === "local" ? (
        <span className="small muted" title="Local mode: the console uses your kubeconfig's credentials">
          as your kubeconfig user
        </span>
      ) : null}
      {session.signedIn && session.mode === "token" ? (
        <button
          type="button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
          data-testid="sign-out"
        >
          Sign out
        </button>
      ) : null}
    </span>
  );
}
