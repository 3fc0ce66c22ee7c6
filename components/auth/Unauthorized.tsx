import type { AuthMode } from "@/lib/k8s/wire";

/** Proxy mode without an identity, or local mode reached from the network: say why, and what to do. */
export function Unauthorized({ mode, code, message }: { mode: AuthMode; code: number; message: string }) {
  const title =
    mode === "proxy"
      ? code === 403
        ? "The auth proxy's user is refused here"
        : "This console must be reached through the auth proxy"
      : mode === "local"
        ? "This console only serves this machine"
        : "Not signed in";
  return (
    <div
      className="auth-card panel"
      role="alert"
      data-testid="unauthorized"
      style={{ maxWidth: 560, margin: "48px auto" }}
    >
      <h1>
        {code} · {title}
      </h1>
      <p className="wrap">{message}</p>
      {mode === "proxy" && code !== 403 ? (
        <p className="muted small">
          The auth proxy signs you in and tells the console who you are; requests that reach the console any other way
          carry no identity and are refused.
        </p>
      ) : null}
    </div>
  );
}
