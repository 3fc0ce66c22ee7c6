/**
 * Events of a workload and its pods, newest first (docs/kruise-rules.md §9.2: recorded on the CloneSet by
 * cloneset-controller; the Advanced StatefulSet and DaemonSet controllers record on theirs likewise).
 */
import { age, timeOf } from "./format";
import type { ViewWorkload, ViewEvent } from "./types";

export interface EventRow {
  key: string;
  type: string;
  reason: string;
  message: string;
  object: string;
  count: number;
  last: string;
  age: string;
  source: string;
}

function lastTime(e: ViewEvent): string {
  return e.lastTimestamp || e.eventTime || e.firstTimestamp || e.metadata?.creationTimestamp || "";
}

/**
 * Events whose involvedObject is the workload (of `kind`, e.g. "CloneSet", "StatefulSet") or one of the given pods
 * (by uid, else by kind+name+namespace).
 */
export function eventsView(
  cs: ViewWorkload,
  kind: string,
  podNames: Set<string>,
  podUids: Set<string>,
  events: ViewEvent[],
  now: Date,
): EventRow[] {
  const ns = cs.metadata?.namespace;
  const matches = (e: ViewEvent): boolean => {
    const io = e.involvedObject ?? {};
    if (io.namespace !== undefined && io.namespace !== ns) return false;
    if (io.kind === kind) return io.uid ? io.uid === cs.metadata?.uid : io.name === cs.metadata?.name;
    if (io.kind === "Pod")
      return io.uid ? podUids.has(io.uid) || podNames.has(io.name ?? "") : podNames.has(io.name ?? "");
    return false;
  };
  return events
    .filter(matches)
    .map((e) => {
      const last = lastTime(e);
      return {
        key: `${e.metadata?.namespace ?? ""}/${e.metadata?.name ?? ""}`,
        type: e.type ?? "Normal",
        reason: e.reason ?? "",
        message: e.message ?? "",
        object: `${(e.involvedObject?.kind ?? "").toLowerCase()}/${e.involvedObject?.name ?? ""}`,
        count: e.count ?? 1,
        last,
        age: age(last, now),
        source: e.source?.component ?? "",
      };
    })
    .sort((a, b) => timeOf(b.last) - timeOf(a.last) || a.key.localeCompare(b.key));
}
