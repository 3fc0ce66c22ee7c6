"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useClusterStream, useResourceList, type ResourceName } from "@/lib/client";
import { useKindLists } from "@/lib/client/queries";
import { KINDS } from "@/lib/kinds";
import { combineConnections, notLive } from "@/lib/kruise/view/connection";
import { filterAndSortRows, namespacesOf, type SortKey } from "@/lib/kruise/view/list";
import { cachedWorkloadRow } from "@/lib/kruise/view/list-cache";
import { listEmptyState } from "@/lib/kruise/view/list-empty";
import { pages } from "@/lib/urls";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";
import { useDocumentTitle } from "@/components/ui/useDocumentTitle";
import { useNow } from "@/components/ui/useNow";
import { useTypedText } from "@/components/ui/useTypedText";
import { useKruiseRolloutBadges, type RolloutTargets } from "@/components/kruise-rollout/ListKruiseRolloutBadges";
import { ListEmptyState } from "./ListEmptyState";
import { factsKey, usePodFacts, type Watched, type WatchedKind } from "./usePodFacts";
import { NARROW_PX, WorkloadTable } from "./WorkloadTable";
import { RevisionLegend } from "@/components/workload/RevisionBarView";

// Pod watches the list may open (each is one more connection to the server): namespaces whose workloads have
// lifecycle hooks or pods not ready, where only the pods can tell "stuck" from "slow".
const MAX_POD_NAMESPACES = 4;

const SORTS: SortKey[] = ["name", "namespace", "kind", "age", "desired", "ready", "progress", "attention"];

/** The workload kinds: every home with a lens (lib/kinds), in the registry's order. */
export const WORKLOAD_KINDS = KINDS.all().filter((h) => h.lens);

/** The plural a page heading uses: "CloneSets", "Advanced StatefulSets", "workloads". */
export const titleOf = (resource?: string) => {
  const h = WORKLOAD_KINDS.find((k) => k.resource === resource);
  return h ? `${h.lens!.title}s` : "Workloads";
};

/** The viewport is narrower than `px` (followed as the window resizes; false on the server). */
function useNarrower(px: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${px - 1}px)`);
    const on = () => setNarrow(mq.matches);
    on();
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, [px]);
  return narrow;
}

/** The namespaces whose pods only can judge their workloads, most in doubt first, up to the cap. */
function watchedNamespaces(kinds: readonly WatchedKind[]): Watched {
  const byNs = new Map<string, WatchedKind[]>();
  const doubt = new Map<string, number>();
  for (const k of kinds) {
    const perNs = new Map<string, object[]>();
    for (const o of k.objects) {
      const ns = k.lens.shape(o, {}).metadata?.namespace ?? "";
      perNs.set(ns, [...(perNs.get(ns) ?? []), o]);
      if (k.lens.needsPods(o)) doubt.set(ns, (doubt.get(ns) ?? 0) + 1);
    }
    for (const [ns, objects] of perNs) byNs.set(ns, [...(byNs.get(ns) ?? []), { lens: k.lens, objects }]);
  }
  return [...doubt.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, MAX_POD_NAMESPACES)
    .map(([ns]) => [ns, byNs.get(ns) ?? []] as const);
}

/**
 * `/c/<cluster>/workloads`: every workload of every kind, live, with its kind; `/c/<cluster>/<resource>`: one kind's.
 * Filters live in the URL (bookmarkable); the kind filter moves between these pages.
 */
export function WorkloadList({ cluster, kind }: { cluster: string; kind?: ResourceName }) {
  const homes = useMemo(() => WORKLOAD_KINDS.filter((h) => !kind || h.resource === kind), [kind]);
  const byNode = homes.some((h) => h.lens!.unit === "node");
  const resources = useMemo(() => homes.map((h) => h.resource), [homes]);
  // Rollouts ride along for the "Rollout: step 2/3" badges, nodes for the DaemonSets' reach (empty lists without).
  useClusterStream({
    cluster,
    resources: [...resources, "rollouts", ...(byNode ? (["nodes"] as ResourceName[]) : [])],
  });
  const lists = useKindLists(cluster, resources);
  const nodesList = useResourceList(cluster, "nodes");
  const nodes = byNode && !nodesList.loading && !nodesList.connection.error ? nodesList.items : undefined;
  const connection = combineConnections(lists.map((l) => l.connection));
  // The rows follow a deferred copy, so their re-render is a transition a keystroke can cut into.
  const shownLists = useDeferredValue(lists);
  const loading = lists.some((l) => l.loading) || shownLists.some((l, i) => !l.items.length && lists[i].items.length);
  const now = useNow();
  const narrow = useNarrower(NARROW_PX);
  const [allColumns, setAllColumns] = useState(false);
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const ns = params.get("ns") ?? "";
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
      // The native History API, which Next's router follows: the filters are this page's own state.
      window.history.replaceState(null, "", `${pathname}${p.size ? `?${p}` : ""}`);
    },
    [pathname],
  );
  const [q, typeQ] = useTypedText(params.get("q") ?? "", (v) => setParam({ q: v }));
  const kinds = useMemo<WatchedKind[]>(
    () => homes.map((h, i) => ({ lens: h.lens!, objects: shownLists[i]?.items ?? [] })),
    [homes, shownLists],
  );
  const watched = useMemo(() => watchedNamespaces(kinds), [kinds]);
  const facts = usePodFacts(cluster, watched, nodes, now);
  const targets = useMemo(() => rolloutTargets(kinds), [kinds]);
  // The Rollout badges and the rows' states read the same Rollout facts, so a row tells one story.
  const rollouts = useKruiseRolloutBadges(cluster, targets, now, factsKey);
  const badges = rollouts.badges;
  const all = useMemo(
    () =>
      kinds.flatMap((k) =>
        k.objects.map((o) => {
          const md = k.lens.shape(o, {}).metadata ?? {};
          const key = `${md.namespace ?? ""}/${md.name ?? ""}`;
          const rollout = rollouts.facts.get(factsKey(k.lens.resource, key));
          return cachedWorkloadRow(k.lens, o, now, rollout, facts.get(factsKey(k.lens.resource, key)), nodes);
        }),
      ),
    [kinds, now, facts, rollouts.facts, nodes],
  );
  const title = titleOf(kind);
  const needAttention = all.filter((r) => r.state.attention <= 2).length;
  useDocumentTitle(
    loading ? null : `${title} · ${cluster}${needAttention ? ` · ${needAttention} need attention` : ""}`,
  );
  const rows = useMemo(
    () => filterAndSortRows(all, { namespace: ns, name: q, sort: sort.sort, desc: sort.desc }),
    [all, ns, q, sort.sort, sort.desc],
  );
  // A kind that is not served is an empty list (its home is optional), except the CloneSet's: OpenKruise is missing.
  const error = lists.find((l) => l.connection.error)?.connection.error;
  const empty = loading
    ? null
    : listEmptyState({ error, all: all.length, shown: rows.length, namespace: ns, nameFilter: q });
  const onSort = (k: SortKey) =>
    setParam({ sort: k === "name" ? "" : k, desc: sort.sort === k && !sort.desc ? "1" : "" });
  const keep = { ns, q, sort: sort.sort === "name" ? undefined : sort.sort, desc: sort.desc };
  const goKind = (r: string) =>
    router.replace(r ? pages.list(cluster, r as ResourceName, keep) : pages.workloads(cluster, keep));
  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
        <ConnectionBadge connection={connection} />
        {!loading && needAttention > 0 ? (
          <button
            type="button"
            className="attention-chip"
            data-testid="attention-chip"
            aria-pressed={sort.sort === "attention"}
            title="Stuck, held by a hook or paused mid-rollout: sort them first"
            onClick={() => setParam({ sort: sort.sort === "attention" ? "" : "attention", desc: "" })}
          >
            <span aria-hidden="true">! </span>
            {needAttention} need{needAttention === 1 ? "s" : ""} attention
          </button>
        ) : null}
        <span className="spacer" />
        <span className="muted small">{loading ? "" : `${rows.length} of ${all.length}`}</span>
      </div>
      {lists.map((l, i) =>
        l.connection.state === "error" && l.connection.error && empty?.kind !== "no-crd" ? (
          <ErrorPanel
            key={resources[i]}
            title={`Cannot list ${titleOf(resources[i])} in ${cluster}`}
            error={l.connection.error}
          />
        ) : null,
      )}
      <div className="controls">
        <label>
          Kind
          <select value={kind ?? ""} onChange={(e) => goKind(e.target.value)} data-testid="kind-select">
            <option value="">All kinds</option>
            {WORKLOAD_KINDS.map((h) => (
              <option key={h.resource} value={h.resource}>
                {h.lens!.title}
              </option>
            ))}
          </select>
        </label>
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
        {narrow ? (
          <label className="inline-check">
            <input
              type="checkbox"
              checked={allColumns}
              onChange={(e) => setAllColumns(e.target.checked)}
              data-testid="all-columns"
            />
            All columns
          </label>
        ) : null}
      </div>
      {connection.state === "error" && all.length === 0 && empty?.kind !== "no-crd" ? null : (
        <div className={`panel${notLive(connection.state) ? " not-live" : ""}`}>
          {loading ? (
            <Skeleton label={`Loading ${title}`} />
          ) : empty ? (
            <ListEmptyState empty={empty} cluster={cluster} what={title} onClear={() => setParam({ ns: "", q: "" })} />
          ) : (
            <>
              <RevisionLegend />
              <WorkloadTable
                cluster={cluster}
                rows={rows}
                sort={sort}
                onSort={onSort}
                badges={badges}
                showKind={!kind}
                full={!narrow || allColumns}
              />
            </>
          )}
        </div>
      )}
    </>
  );
}

/** The kinds a Kruise Rollout may drive among the listed ones: CloneSets and Advanced StatefulSets. */
function rolloutTargets(kinds: readonly WatchedKind[]): RolloutTargets[] {
  const of = (resource: RolloutTargets["resource"], kind: RolloutTargets["kind"]) => ({
    resource,
    kind,
    objects: (kinds.find((k) => k.lens.resource === resource)?.objects ?? []) as RolloutTargets["objects"],
  });
  return [of("clonesets", "CloneSet"), of("statefulsets", "StatefulSet")];
}
