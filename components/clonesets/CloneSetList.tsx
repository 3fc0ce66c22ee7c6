"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { useClusterStream, useResourceList } from "@/lib/client";
import { hasHooks } from "@/lib/kruise/view/hooks";
import { cloneSetView, filterAndSortRows, namespacesOf, withHookWaits, type SortKey } from "@/lib/kruise/view/list";
import type { HookWaitView } from "@/lib/kruise/view/rollout";
import type { ViewCloneSet } from "@/lib/kruise/view/types";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";
import { useNow } from "@/components/ui/useNow";
import { CloneSetTable } from "./CloneSetTable";
import { HookPods } from "./HookPods";
import { useRolloutBadges } from "@/components/rollouts/ListRolloutBadges";

// Pod watches the list may open for CloneSets with lifecycle hooks (each is one more connection to the server).
const MAX_HOOK_NAMESPACES = 3;

/** Reconnecting, stale or failed: what is on screen may be behind the cluster. */
export function notLive(state: string): boolean {
  return state === "reconnecting" || state === "stale" || state === "error";
}

const SORTS: SortKey[] = ["name", "namespace", "age", "desired", "ready", "progress"];

/** `/c/<cluster>/clonesets`: every CloneSet in every namespace, live. Filters live in the URL (bookmarkable). */
export function CloneSetList({ cluster }: { cluster: string }) {
  // Rollouts ride along for the "Rollout: step 2/3" badges; a cluster without the CRD streams an empty list.
  useClusterStream({ cluster, resources: ["clonesets", "rollouts"] });
  const { items, connection, loading } = useResourceList(cluster, "clonesets");
  const now = useNow();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const ns = params.get("ns") ?? "";
  const q = params.get("q") ?? "";
  const sortParam = params.get("sort") as SortKey | null;
  const sort = {
    sort: sortParam && SORTS.includes(sortParam) ? sortParam : ("name" as SortKey),
    desc: params.get("desc") === "1",
  };

  const setParam = useCallback(
    (next: Record<string, string>) => {
      const p = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      router.replace(`${pathname}${p.size ? `?${p}` : ""}`, { scroll: false });
    },
    [params, pathname, router],
  );

  const cloneSets: ViewCloneSet[] = items;
  // Only namespaces with hooked CloneSets have their pods watched: hook holds are the one thing the list needs pods for.
  const hooked = useMemo(() => {
    const byNs = new Map<string, ViewCloneSet[]>();
    for (const cs of cloneSets.filter(hasHooks)) {
      const n = cs.metadata?.namespace ?? "";
      byNs.set(n, [...(byNs.get(n) ?? []), cs]);
    }
    return [...byNs.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(0, MAX_HOOK_NAMESPACES);
  }, [cloneSets]);
  const [waits, setWaits] = useState<Record<string, Map<string, HookWaitView[]>>>({});
  const onWaits = useCallback((n: string, w: Map<string, HookWaitView[]> | null) => {
    setWaits((prev) => {
      if (!w && !(n in prev)) return prev;
      const next = { ...prev };
      if (w) next[n] = w;
      else delete next[n];
      return next;
    });
  }, []);
  const all = useMemo(
    () =>
      cloneSets.map((cs) => {
        const row = cloneSetView(cs, now);
        return withHookWaits(row, waits[row.namespace]?.get(row.key));
      }),
    [cloneSets, now, waits],
  );
  const rolloutBadges = useRolloutBadges(cluster, items, now);
  const { sort: sortKey, desc } = sort;
  const rows = useMemo(
    () => filterAndSortRows(all, { namespace: ns, name: q, sort: sortKey, desc }),
    [all, ns, q, sortKey, desc],
  );
  const onSort = (k: SortKey) =>
    setParam({ sort: k === "name" ? "" : k, desc: sort.sort === k && !sort.desc ? "1" : "" });

  return (
    <>
      {hooked.map(([n, css]) => (
        <HookPods key={n} cluster={cluster} namespace={n} cloneSets={css} onWaits={onWaits} />
      ))}
      <div className="page-head">
        <h1>CloneSets</h1>
        <ConnectionBadge connection={connection} />
        <span className="spacer" />
        <span className="muted small">{loading ? "" : `${rows.length} of ${all.length}`}</span>
      </div>
      {connection.state === "error" && connection.error ? (
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
          <input
            type="search"
            value={q}
            placeholder="name contains…"
            onChange={(e) => setParam({ q: e.target.value })}
          />
        </label>
      </div>
      {connection.state === "error" && all.length === 0 ? null : (
        <div className={`panel${notLive(connection.state) ? " not-live" : ""}`}>
          {loading ? (
            <Skeleton label="Loading CloneSets" />
          ) : rows.length === 0 ? (
            <div className="empty" data-testid="empty">
              {all.length === 0 ? (
                <>
                  No CloneSets in this cluster yet. Create one with <code>kubectl apply -f cloneset.yaml</code>; it will
                  appear here.
                </>
              ) : (
                <>No CloneSet matches these filters.</>
              )}
            </div>
          ) : (
            <CloneSetTable cluster={cluster} rows={rows} sort={sort} onSort={onSort} badges={rolloutBadges} />
          )}
        </div>
      )}
    </>
  );
}
