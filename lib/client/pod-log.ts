"use client";
// A pod's log in the browser (docs/architecture.md §3.5): one fetch of GET …/pods/<name>/log read as a stream, its text
// split into lines kept in a bounded ring (lib/logs/ring.ts), the page told at most every 100 ms. Not the query
// cache: a log is a stream of lines the page holds only while it shows them, never shared or refetched.
import { queryOptions, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ApiErrorBody } from "../k8s/wire";
import type { Pod } from "../k8s/objects";
import { LineSplitter } from "../logs/lines";
import { LineRing } from "../logs/ring";
import { api } from "../urls";
import { apiFetch, apiResponse, errorFromResponse, type ApiError } from "./api";
import { podKeys } from "./keys";

/** What the page keeps of a log: the last 10,000 lines, at most 4 M characters (about 8 MB). */
export const LOG_RING = { lines: 10_000, chars: 4_000_000 } as const;

export type LogPhase =
  /** asked, no answer yet */
  | { kind: "connecting" }
  /** the answer is arriving (a followed log stays here while the container runs) */
  | { kind: "streaming" }
  /** the whole log arrived: a run that ended, a log read without follow, or a follow the server ended */
  | { kind: "ended" }
  /** the connection broke part-way */
  | { kind: "interrupted"; message: string }
  /** the server refused (its status says why: 403 denied, 400 "waiting to start", 404 gone…) */
  | { kind: "failed"; error: ApiErrorBody };

export interface LogView {
  phase: LogPhase;
  /** the kept lines (read `ring.at(i)`); the same object across versions, so read it while rendering this version */
  ring: LineRing;
  /** changes whenever lines or phase change */
  version: number;
}

const NOTIFY_MS = 100;

/** One fetch of one log, started and stopped by its page. */
export class LogStream {
  private ring = new LineRing(LOG_RING.lines, LOG_RING.chars);
  private view: LogView = { phase: { kind: "connecting" }, ring: this.ring, version: 0 };
  private listeners = new Set<() => void>();
  private abort?: AbortController;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly client: QueryClient,
    readonly url: string,
  ) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  snapshot = () => this.view;

  start(): void {
    this.stop();
    const abort = (this.abort = new AbortController());
    this.set({ kind: "connecting" });
    void this.read(abort.signal).catch((e: unknown) => {
      if (!abort.signal.aborted) this.set({ kind: "interrupted", message: (e as Error)?.message ?? String(e) });
    });
  }

  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async read(signal: AbortSignal): Promise<void> {
    const res = await apiResponse(this.client, this.url, { signal, headers: { Accept: "text/plain" } });
    if (!res.ok) {
      const error = await errorFromResponse(res);
      return this.set({ kind: "failed", error: error.toJSON() });
    }
    // The lines of the last read stay on screen until the new answer starts (a reconnect does not flash empty).
    this.ring.clear();
    this.set({ kind: "streaming" });
    if (!res.body) return this.set({ kind: "ended" });
    const reader = res.body.getReader();
    const text = new TextDecoder();
    const lines = new LineSplitter();
    for (;;) {
      const next = await reader.read();
      if (signal.aborted) return;
      if (next.done) break;
      for (const l of lines.feed(text.decode(next.value, { stream: true }))) this.ring.push(l);
      this.changed();
    }
    for (const l of lines.feed(text.decode())) this.ring.push(l);
    for (const l of lines.flush()) this.ring.push(l);
    this.set({ kind: "ended" });
  }

  private set(phase: LogPhase): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.view = { phase, ring: this.ring, version: this.view.version + 1 };
    this.listeners.forEach((fn) => fn());
  }

  /** New lines: the page hears of them at most every NOTIFY_MS, however fast they come. */
  private changed(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.view = { ...this.view, version: this.view.version + 1 };
      this.listeners.forEach((fn) => fn());
    }, NOTIFY_MS);
  }
}

const IDLE: LogView = { phase: { kind: "connecting" }, ring: new LineRing(1, 1), version: 0 };
const nothing = () => () => undefined;

/**
 * The log at `url` (null: none yet, e.g. while access is checked), read while the component is mounted;
 * `retry` opens it again (a reconnect after the container restarted, an interrupted stream).
 */
export function usePodLog(url: string | null): LogView & { retry: () => void } {
  const client = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const stream = useMemo(() => (url ? new LogStream(client, url) : undefined), [client, url]);
  useEffect(() => {
    if (!stream) return;
    stream.start();
    return () => stream.stop();
  }, [stream, attempt]);
  const view = useSyncExternalStore(stream?.subscribe ?? nothing, stream?.snapshot ?? (() => IDLE), () => IDLE);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...view, retry };
}

/** The pod as the API server has it now (status included), read again every 5 s while its page is open. */
export function livePodOptions(cluster: string, namespace: string, name: string) {
  return queryOptions<Pod, ApiError>({
    queryKey: podKeys.live(cluster, namespace, name),
    queryFn: ({ client }) => apiFetch<Pod>(client, api.object(cluster, namespace, "pods", name)),
    refetchInterval: 5000,
    retry: false,
  });
}
