"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useClusters } from "@/lib/client";
import { signedInTo, useSession } from "@/lib/client/session";
import { pages } from "@/lib/urls";

/**
 * Switches the page to another kubeconfig context (cluster names are context names). Token mode: each
 * cluster checks the token itself, so the list says which clusters this browser is signed in to (and as
 * whom); choosing another one leads to "Sign in to <cluster>".
 */
export function ClusterSwitcher({ cluster }: { cluster: string }) {
  const { clusters, error } = useClusters();
  const { session } = useSession();
  const router = useRouter();
  const names = clusters.map((c) => c.name);
  if (!names.includes(cluster)) names.unshift(cluster);
  const token = session?.mode === "token";
  const label = (n: string) => {
    if (!token) return n;
    const s = session?.clusters?.find((c) => c.cluster === n);
    return s ? `${n} · ${s.user.name}` : `${n} · sign in`;
  };
  const unsigned = token ? names.filter((n) => !signedInTo(session, n)) : [];
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 12, flexWrap: "wrap" }}>
      <label className="small muted" style={{ display: "flex", alignItems: "center", gap: 6 }}>
        Cluster
        <select
          value={cluster}
          onChange={(e) => router.push(pages.workloads(e.target.value))}
          aria-describedby={error ? "clusters-error" : undefined}
          data-testid="cluster-switcher"
        >
          {names.map((n) => (
            <option key={n} value={n} data-signed-in={token ? String(signedInTo(session, n)) : undefined}>
              {label(n)}
            </option>
          ))}
        </select>
        {error ? (
          <span id="clusters-error" className="badge bad">
            ✕ clusters: {error.message}
          </span>
        ) : null}
      </label>
      {unsigned.length ? (
        <span className="small" data-testid="unsigned-clusters">
          {unsigned.map((n, i) => (
            <span key={n}>
              {i ? ", " : ""}
              <Link href={pages.signIn(pages.workloads(n), n)}>Sign in to {n}</Link>
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}
