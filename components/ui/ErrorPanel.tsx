import { missingPermission } from "@/lib/kruise/view/connection";

export interface ErrorLike {
  code?: number;
  reason?: string;
  message?: string;
}

/** An API error where it happened: code, reason, message, and for 403 the permission that is missing. */
export function ErrorPanel({ title, error }: { title: string; error: ErrorLike }) {
  const perm = error.code === 403 ? missingPermission(error.message) : null;
  return (
    <div className="callout bad" role="alert" data-testid="error-panel">
      <strong>✕ {title}</strong>
      <div>
        {error.code ? <span className="mono">{error.code} </span> : null}
        {error.reason ? <span className="mono">{error.reason}: </span> : null}
        {error.message}
      </div>
      {perm ? (
        <div>
          Missing permission: <span className="mono">{perm}</span>. Ask a cluster admin for a Role/ClusterRole granting
          it.
        </div>
      ) : null}
      {error.code === 401 ? (
        <div>
          {/^(sign in|proxy mode)/.test(error.message ?? "")
            ? "You are not signed in, or your session expired: sign in again."
            : "The cluster rejected the credentials; refresh them (e.g. log in again) and reload."}
        </div>
      ) : null}
      {error.reason === "Unreachable" ? (
        <div>The API server could not be reached. Check the kubeconfig server address and your network.</div>
      ) : null}
    </div>
  );
}
