import { notifyManager, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { errorFromResponse } from "./api";
import { streamUrl } from "./events";
import { frameBatcher } from "./frame-batch";
import { openTransport, type StreamTransport } from "./stream-transport";
import { KINDS, streamNamespace } from "../kinds";
import { resourceKeys } from "./keys";
import { signInAgain } from "./session";
import { applyStreamEvents, markDisconnected, type ResourceListState } from "./reducer";
import type { ApiErrorBody, K8sObject, ResourceName, StreamEvent } from "../k8s/wire";

export interface ClusterStreamOptions {
  cluster: string;
  /** omit for the all-namespaces scope */
  namespace?: string | null;
  resources: readonly ResourceName[];
  /** how long the browser stream may be down before its data counts as stale rather than reconnecting */
  staleAfterMs?: number;
}

/**
 * Opens ONE EventSource for the page and writes every event into the React Query cache
 * (docs/architecture.md §3: the query cache is the only client store). Events are applied once per animation
 * frame, in arrival order, so a burst of changes costs one render, not one per event. While the stream is down the
 * lists say reconnecting, then stale since the drop; on unmount they are left stale, never live.
 */
export function useClusterStream({ cluster, namespace, resources, staleAfterMs = 5000 }: ClusterStreamOptions): void {
  const queryClient = useQueryClient();
  const resourceList = [...new Set(resources)].sort().join(",");
  useEffect(() => {
    if (!cluster || !resourceList) return;
    const rs = resourceList.split(",") as ResourceName[];
    return openStream(queryClient, cluster, namespace || null, rs, staleAfterMs);
  }, [queryClient, cluster, namespace, resourceList, staleAfterMs]);
}

/**
 * One stream per namespace for `resources`, for a page that watches a few namespaces it chooses as it goes (the
 * list's pod facts): a namespace that stays keeps its stream, one that leaves has its stream closed.
 */
export function useNamespaceStreams(
  cluster: string,
  namespaces: readonly string[],
  resources: readonly ResourceName[],
) {
  const queryClient = useQueryClient();
  const open = useRef(new Map<string, () => void>());
  const nsKey = [...new Set(namespaces)].sort().join("\n");
  const resourceList = [...new Set(resources)].sort().join(",");
  useEffect(() => {
    const streams = open.current;
    return () => {
      for (const close of streams.values()) close();
      streams.clear();
    };
  }, [queryClient, cluster, resourceList]);
  useEffect(() => {
    const streams = open.current;
    const want = new Set(nsKey ? nsKey.split("\n") : []);
    for (const [ns, close] of streams)
      if (!want.has(ns)) {
        close();
        streams.delete(ns);
      }
    const rs = resourceList.split(",") as ResourceName[];
    for (const ns of want) if (!streams.has(ns)) streams.set(ns, openStream(queryClient, cluster, ns, rs, 5000));
  }, [queryClient, cluster, resourceList, nsKey]);
}

function openStream(
  qc: QueryClient,
  cluster: string,
  namespace: string | null,
  rs: ResourceName[],
  staleAfterMs: number,
) {
  const url = streamUrl(cluster, rs, namespace);
  // A cluster-scoped kind arrives cluster-wide (lib/kinds streamNamespace): its frames and its marks share one key.
  const keys = rs.map((r) => resourceKeys.list(cluster, r, streamNamespace(KINDS.get(r), namespace)));
  const keyOf = new Map<string, QueryKey>();
  const batches = frameBatcher<StreamEvent>((byKey) =>
    notifyManager.batch(() => {
      for (const [k, evs] of byKey)
        qc.setQueryData<ResourceListState>(keyOf.get(k)!, (prev) => applyStreamEvents(prev, evs));
    }),
  );
  const markAll = (name: "reconnecting" | "stale" | "error", error?: ApiErrorBody) => {
    // What arrived before the drop lands first, so the mark is the last word.
    batches.flush();
    const now = new Date().toISOString();
    for (const key of keys) {
      qc.setQueryData<ResourceListState>(key, (prev) => markDisconnected(prev, name, now, error));
    }
  };
  let es: StreamTransport | null = null;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const onEvent = (ev: StreamEvent, receivedAt: number) => {
    // A user-timing mark per snapshot: when its message reached the page (or its worker), for profiles and benches.
    if (ev.event === "snapshot") performance.mark(`snapshot ${ev.data.resource}`, { startTime: at(receivedAt) });
    const key = resourceKeys.list(cluster, ev.data.resource, ev.data.namespace);
    const k = JSON.stringify(key);
    if (!keyOf.has(k)) keyOf.set(k, key);
    batches.push(k, ev);
  };
  const onOpen = () => clearTimeout(staleTimer);
  const onError = (gaveUp: boolean) => {
    if (closed || !es) return;
    if (gaveUp) {
      // The browser gave up (an HTTP error before streaming): ask once for the reason, then retry later.
      void explainFailure(url).then((err) => {
        if (closed) return;
        if (err?.code === 401) signInAgain(qc);
        markAll(err ? "error" : "stale", err);
        retryTimer = setTimeout(connect, err && err.code < 500 ? 30_000 : 3_000);
      });
      return;
    }
    markAll("reconnecting");
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => !closed && markAll("stale"), staleAfterMs);
  };
  const connect = () => {
    if (closed) return;
    es?.close();
    es = openTransport(url, { event: onEvent, open: onOpen, error: onError, part: prepareOf(rs) });
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(staleTimer);
    clearTimeout(retryTimer);
    es?.close();
    markAll("stale");
  };
}

/**
 * What sees a large snapshot's objects part by part as they are decoded, before the snapshot reaches the cache: each
 * kind's home may build its view's rows there (lib/kinds `prepareView`), a few hundred per task. None when no
 * streamed kind has such rows.
 */
function prepareOf(rs: readonly ResourceName[]): ((resource: ResourceName, items: K8sObject[]) => void) | undefined {
  if (!rs.some((r) => KINDS.get(r).prepareView)) return undefined;
  return (resource, items) => KINDS.get(resource).prepareView?.(items, new Date());
}

/** An epoch time in ms as this page's performance.now() time (never before the page's start). */
const at = (epochMs: number) => Math.max(0, epochMs - performance.timeOrigin);

async function explainFailure(url: string): Promise<ApiErrorBody | undefined> {
  try {
    const ctl = new AbortController();
    const res = await fetch(url, { signal: ctl.signal, headers: { Accept: "text/event-stream" } });
    if (res.ok) {
      ctl.abort();
      return undefined;
    }
    return (await errorFromResponse(res)).toJSON();
  } catch {
    return undefined;
  }
}
