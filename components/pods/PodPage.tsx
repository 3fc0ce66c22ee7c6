"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { livePodOptions } from "@/lib/client/pod-log";
import { useClientQuery } from "@/lib/client/hydration";
import { chosenContainer, podSummary } from "@/lib/logs/containers";
import { pages, type PodPageQuery } from "@/lib/urls";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";
import { useDocumentTitle } from "@/components/ui/useDocumentTitle";
import { PodHeader } from "./PodHeader";
import { PodLogPanel } from "./PodLogPanel";
import "./pod-logs.css";

/**
 * A pod and its containers' logs (`/c/<cluster>/ns/<ns>/pods/<name>?container=&previous=1`): who runs where and how
 * its containers' runs ended, then the chosen run's log, live. Which container and run are in the URL, so a link
 * shows the same log; the rest (search, follow, timestamps) is the page's own.
 */
export function PodPage({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const q = useClientQuery(livePodOptions(cluster, namespace, name));
  const params = useSearchParams();
  const pathname = usePathname();
  const asked: PodPageQuery = {
    container: params.get("container") ?? undefined,
    previous: params.get("previous") === "1",
  };
  const choose = useCallback(
    (next: PodPageQuery) => {
      const url = pages.pod(cluster, namespace, name, next);
      // The native History API, which Next's router follows: the choice is this page's state, not a navigation.
      window.history.replaceState(null, "", `${pathname}${url.includes("?") ? url.slice(url.indexOf("?")) : ""}`);
    },
    [cluster, namespace, name, pathname],
  );
  const summary = useMemo(() => (q.data ? podSummary(q.data) : null), [q.data]);
  useDocumentTitle(summary ? `${name} · logs` : null);
  const crumbs = (
    <div className="crumbs">
      <Link href={pages.cloneSets(cluster)}>CloneSets</Link> / {namespace} /{" "}
      {summary?.owner?.kind === "CloneSet" ? (
        <>
          <Link href={pages.cloneSet(cluster, namespace, summary.owner.name)}>{summary.owner.name}</Link> /{" "}
        </>
      ) : null}
      pods / {name}
    </div>
  );
  if (q.isPending)
    return (
      <>
        {crumbs}
        <div className="panel">
          <Skeleton label="Loading the pod" />
        </div>
      </>
    );
  if (!summary) {
    const gone = q.error?.code === 404;
    return (
      <>
        {crumbs}
        {gone ? (
          <div className="panel empty" data-testid="not-found">
            <h1>Pod not found</h1>
            <p>
              There is no pod <span className="mono">{name}</span> in namespace{" "}
              <span className="mono">{namespace}</span> on {cluster}. It may have been deleted: a CloneSet replaces its
              pods under new names.
            </p>
          </div>
        ) : (
          <ErrorPanel title={`Cannot read pod ${name}`} error={q.error ?? { message: "no answer" }} />
        )}
      </>
    );
  }
  const container = chosenContainer(summary, asked.container);
  return (
    <>
      {crumbs}
      <PodHeader pod={summary} chosen={container?.name} />
      {container ? (
        <PodLogPanel
          key={`${container.name}/${asked.previous ? "previous" : "current"}`}
          cluster={cluster}
          pod={summary}
          container={container}
          previous={asked.previous === true}
          onChoose={choose}
        />
      ) : (
        <div className="panel empty">This pod has no containers.</div>
      )}
    </>
  );
}
