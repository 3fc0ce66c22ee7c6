"use client";
import { useState, type FormEvent } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError, postJson } from "@/lib/client/api";
import { loadSession } from "@/lib/client/session";
import { api } from "@/lib/urls";
import { safeNext } from "./safe-next";

interface Refusal {
  code: number;
  message: string;
}

/** POST /api/auth/signin for one cluster; the token goes to the server once and never comes back (the session cookie is HttpOnly). */
async function signIn(client: QueryClient, token: string, cluster: string | undefined): Promise<Refusal | null> {
  try {
    await postJson(client, api.signIn(), cluster ? { token, cluster } : { token });
    return null;
  } catch (e) {
    return e instanceof ApiError ? { code: e.code, message: e.message } : { code: 0, message: String(e) };
  }
}

export function SignInForm({ next, cluster }: { next?: string; cluster?: string }) {
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const client = useQueryClient();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setRefusal(null);
    const r = await signIn(client, token, cluster);
    if (!r) {
      setToken("");
      await loadSession(client, true).catch(() => undefined);
      window.location.assign(safeNext(next));
      return;
    }
    setRefusal(r);
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="signin-form">
      <label htmlFor="token" style={{ display: "block", fontWeight: 600, marginBottom: 4 }}>
        Bearer token
      </label>
      <input
        id="token"
        name="token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        value={token}
        onChange={(e) => setToken(e.target.value)}
        aria-describedby="token-help"
        aria-invalid={!!refusal}
        style={{ width: "100%", boxSizing: "border-box" }}
        className="mono"
      />
      <p id="token-help" className="muted small">
        Get one with <code>kubectl create token &lt;serviceaccount&gt;</code>
        {cluster ? (
          <>
            {" "}
            against <span className="mono">{cluster}</span>
          </>
        ) : null}
        . The console keeps it on the server and acts on the cluster as its owner.
      </p>
      {refusal ? (
        <div className="callout bad" role="alert" data-testid="signin-error">
          <strong>{refusal.code === 401 ? "The cluster did not accept this token" : "Sign-in failed"}</strong>
          <span className="wrap">
            {refusal.code === 401
              ? "Check that it is complete, not expired (kubectl create token gives one-hour tokens by default), and issued for this cluster."
              : refusal.message}
          </span>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={busy || !token.trim()}
        style={{ background: "var(--accent)", color: "var(--accent-fg)", borderColor: "var(--accent)" }}
      >
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
