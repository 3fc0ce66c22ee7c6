"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useDeferredValue, useMemo } from "react";
import { useClusterStream, useResourceList } from "@/lib/client";
import { filterAndSortRows, namespacesOf, type SortKey } from "@/lib/kruise/view/list";
import { cachedListRow } from "@/lib/kruise/view/list-cache";
import { needsPods } from "@/lib/kruise/view/list-pods";
import { listEmptyState } from "@/lib/kruise/view/list-empty";
import type { ViewCloneSet } from "@/lib/kruise/view/types";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";
import { useDocumentTitle } from "@/components/ui/useDocumentTitle";
import { useNow } from "@/components/ui/useNow";
import { useTypedText } from "@/components/ui/useTypedText";
import { CloneSetTable } from "./CloneSetTable";
import { useKruiseRolloutBadges } from "@/components/kruise-rollout/ListKruiseRolloutBadges";
import { ListEmptyState } from "./ListEmptyState";
import { usePodFacts } from "./usePodFacts";

// Pod watches the list may open (each is one more connection to the server): namespaces whose CloneSets have
// lifecycle hooks or pods not ready, where only the pods can tell "stuck" from "slow".
const MAX_POD_NAMESPACES = 4;

/** Reconnecting, stale or failed: what is on screen may be behind the cluster. */
export function notLive(state: string): boolean {
  return state === "reconnecting" || state === "stale" || state === "error";
}

const SORTS: SortKey[] = ["name", "namespace", "age", "desired", "ready", "progress", "attention"];

/** `/c/<cluster>/clonesets`: every CloneSet in every namespace, live. Filters live in the URL (bookmarkable). */
export function CloneSetList({ cluster }: { cluster: string }) {
  // Rollouts ride along for the "Rollout: step 2/3" badges; a cluster without the CRD streams an empty list.
  useClusterStream({ cluster, resources: ["clonesets", "rollouts"] });
  const live = useResourceList(cluster, "clonesets");
  const { connection } = live;
  // The stream writes through useSyncExternalStore, which renders at once and cannot be interrupted; the rows
  // follow a deferred copy, so their re-render is a transition a keystroke can cut into (the same rows, a frame on).
  const items = useDeferredValue(live.items);
  // Until the first rows catch up the list is still loading, not empty.
  const loading = live.loading || (items.length === 0 && live.items.length > 0);
  const now = useNow();
  const params = useSearchParams();
  const pathname = usePathname();
  const ns = params.get("ns") ?? "";
  const qInUrl = params.get("q") ?? "";
  const sortParam = params.get("sort") as SortKey | null;
  const sort = {
    sort: sortParam && SORTS.includes(sortParam) ? sortParam : ("name" as SortKey),
    desc: params.get("desc") === "1",
  };

  const setParam = useCallback(
    (next: Record<string, string>) => {
      // From the address bar, not `params`: that follows it a render later, and keys come faster.
      const p = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      // The native History API, which Next's router follows (useSearchParams updates, no request to the server):
      // the filters are this page's own state, so a key typed into the filter must not cost a navigation.
      window.history.replaceState(null, "", `${pathname}${p.size ? `?${p}` : ""}`);
    },
    [pathname],
  );
  const [q, typeQ] = useTypedText(qInUrl, (v) => setParam({ q: v }));

  const cloneSets: ViewCloneSet[] = items;
  const watched = useMemo(() => {
    const byNs = new Map<string, ViewCloneSet[]>();
    for (const cs of cloneSets)
      byNs.set(cs.metadata?.namespace ?? "", [...(byNs.get(cs.metadata?.namespace ?? "") ?? []), cs]);
    return (
      [...byNs.entries()]
        .map(([n, css]) => [n, css, css.filter(needsPods).length] as const)
        .filter(([, , need]) => need > 0)
        // The namespaces with the most CloneSets in doubt first, so the cap cuts the least.
        .sort(([a, , x], [b, , y]) => y - x || a.localeCompare(b))
        .map(([n, css]) => [n, css] as const)
        .slice(0, MAX_POD_NAMESPACES)
    );
  }, [cloneSets]);
  const facts = usePodFacts(cluster, watched, now);
  // The Rollout badges and the rows' states read the same Rollout facts, so a row tells one story.
  const rollouts = useKruiseRolloutBadges(cluster, items, now);
  const all = useMemo(
    () =>
      cloneSets.map((cs) => {
        const key = `${cs.metadata?.namespace ?? ""}/${cs.metadata?.name ?? ""}`;
        return cachedListRow(cs, now, rollouts.facts.get(key), facts.get(key));
      }),
    [cloneSets, now, facts, rollouts.facts],
  );
  const needAttention = all.filter((r) => r.state.attention <= 2).length;
  useDocumentTitle(
    loading ? null : `CloneSets · ${cluster}${needAttention ? ` · ${needAttention} need attention` : ""}`,
  );
  const { sort: sortKey, desc } = sort;
  const rows = useMemo(
    () => filterAndSortRows(all, { namespace: ns, name: q, sort: sortKey, desc }),
    [all, ns, q, sortKey, desc],
  );
  const empty = loading
    ? null
    : listEmptyState({
        error: connection.state === "error" ? connection.error : undefined,
        all: all.length,
        shown: rows.length,
        namespace: ns,
        nameFilter: q,
      });
  const onSort = (k: SortKey) =>
    setParam({ sort: k === "name" ? "" : k, desc: sort.sort === k && !sort.desc ? "1" : "" });

  return (
    <>
      <div className="page-head">
        <h1>CloneSets</h1>
        <ConnectionBadge connection={connection} />
        <span className="spacer" />
        <span className="muted small">{loading ? "" : `${rows.length} of ${all.length}`}</span>
      </div>
      {empty?.kind === "no-crd" ? null : connection.state === "error" && connection.error ? (
        <ErrorPanel title={`Cannot list CloneSets in ${cluster}`} error={connection.error} />
      ) : null}
      <div className="controls">
        <label>
          Namespace
          <select value={ns} onChange={(e) => setParam({ ns: e.target.value })}>
            <option value="">All namespaces</option>
            {namespacesOf(all)
              .concat(ns && !namespacesOf(all).includes(ns) ? [ns] : [])
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
        <label>
          Filter by name
          <input type="search" value={q} placeholder="name contains…" onChange={(e) => typeQ(e.target.value)} />
        </label>
        <label>
          Sort by
          <select
            value={sort.sort === "attention" ? "attention" : ""}
            onChange={(e) => setParam({ sort: e.target.value, desc: "" })}
            data-testid="sort-select"
          >
            <option value="">Name</option>
            <option value="attention">Needs attention</option>
          </select>
        </label>
      </div>
      {connection.state === "error" && all.length === 0 && empty?.kind !== "no-crd" ? null : (
        <div className={`panel${notLive(connection.state) ? " not-live" : ""}`}>
          {loading ? (
            <Skeleton label="Loading CloneSets" />
          ) : empty ? (
            <ListEmptyState empty={empty} cluster={cluster} onClear={() => setParam({ ns: "", q: "" })} />
          ) : (
            <CloneSetTable cluster={cluster} rows={rows} sort={sort} onSort={onSort} badges={rollouts.badges} />
          )}
        </div>
      )}
    </>
  );
}
