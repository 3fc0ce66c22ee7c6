"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useClusters } from "@/lib/client";
import { pages } from "@/lib/urls";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";

/** `/`: go to the current (else first) kubeconfig context's workload list, or explain what is missing. */
export function HomeRedirect() {
  const { clusters, loading, error } = useClusters();
  const router = useRouter();
  const target = clusters.find((c) => c.current) ?? clusters[0];
  const href = target ? pages.workloads(target.name) : null;
  useEffect(() => {
    if (href) router.replace(href);
  }, [href, router]);

  if (error)
    return (
      <div className="panel">
        <ErrorPanel title="Could not read the cluster list" error={error} />
      </div>
    );
  if (loading || href) {
    return (
      <div className="panel">
        <Skeleton rows={3} label="Finding clusters" />
        {href ? (
          <p>
            Opening <Link href={href}>{target!.name}</Link>…
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="panel" data-testid="no-clusters">
      <h1>No clusters configured</h1>
      <p>The dashboard found no kubeconfig contexts. Do one of:</p>
      <ul>
        <li>
          Point it at a cluster: <code>KUBECONFIG=/path/to/kubeconfig npm start</code> (or create{" "}
          <code>~/.kube/config</code>).
        </li>
        <li>
          Start it with the built-in sandbox: <code>npm start -- --sandbox</code>.
        </li>
        <li>
          In a cluster, run it with a ServiceAccount (see <code>deploy/</code> in the README).
        </li>
      </ul>
    </div>
  );
}
