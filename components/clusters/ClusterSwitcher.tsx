"use client";
import { useRouter } from "next/navigation";
import { useClusters } from "@/lib/client";
import { pages } from "@/lib/urls";

/** Switches the page to another kubeconfig context (cluster names are context names). */
export function ClusterSwitcher({ cluster }: { cluster: string }) {
  const { clusters, error } = useClusters();
  const router = useRouter();
  const names = clusters.map((c) => c.name);
  if (!names.includes(cluster)) names.unshift(cluster);
  return (
    <label className="small muted" style={{ display: "flex", alignItems: "center", gap: 6 }}>
      Cluster
      <select
        value={cluster}
        onChange={(e) => router.push(pages.cloneSets(e.target.value))}
        aria-describedby={error ? "clusters-error" : undefined}
      >
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {error ? (
        <span id="clusters-error" className="badge bad">
          ✕ clusters: {error.message}
        </span>
      ) : null}
    </label>
  );
}
