/**
 * Status counts recomputed from one snapshot of the pods, by the controller's own rules
 * (docs/kruise-rules.md §3.1, `pkg/controller/cloneset/cloneset_status.go` calculateStatus), so every panel of
 * the detail page reads the same moment: the CloneSet's status and the pod list arrive as separate watch events,
 * and for a moment one is ahead of the other.
 */
import type { StatusCounts } from "../core/pod-state";
import { sameRevision, timeOf } from "./format";
import type { PodRow } from "./pods";
import type { ViewWorkload } from "./types";

/** The CloneSet status counts, as this snapshot's pods make them. */
export type PodCounts = StatusCounts;

const TERMINAL = new Set(["Succeeded", "Failed"]);

/** Active: not terminating and not finished (status counts skip the others). */
export function isActive(p: PodRow): boolean {
  return !p.terminating && !TERMINAL.has(p.phase);
}

/** readyReplicas: Running, Ready, and InPlaceUpdateReady absent or True (lifecycle state ignored). */
export function isKruiseReady(p: PodRow): boolean {
  return p.phase === "Running" && p.ready && p.inPlaceUpdateReady?.status !== "False";
}

/** availableReplicas: ready for longer than minReadySeconds, in lifecycle state "" or Normal. */
export function isKruiseAvailable(p: PodRow, minReadySeconds: number, now: Date): boolean {
  if (!isKruiseReady(p) || (p.lifecycle !== "" && p.lifecycle !== "Normal")) return false;
  if (minReadySeconds <= 0) return true;
  const since = timeOf(p.readySince);
  return since > 0 && since + minReadySeconds * 1000 <= now.getTime();
}

/** The CloneSet's status counts as the pods in this snapshot make them. */
export function podCounts(cs: ViewWorkload, pods: PodRow[], now: Date): PodCounts {
  const minReady = cs.spec?.minReadySeconds ?? 0;
  const rev = cs.status?.updateRevision;
  const c: PodCounts = { replicas: 0, ready: 0, available: 0, updated: 0, updatedReady: 0, updatedAvailable: 0 };
  for (const p of pods.filter(isActive)) {
    const ready = isKruiseReady(p);
    const available = isKruiseAvailable(p, minReady, now);
    const updated = sameRevision(p.revision, rev);
    c.replicas++;
    if (ready) c.ready++;
    if (available) c.available++;
    if (updated) c.updated++;
    if (updated && ready) c.updatedReady++;
    if (updated && available) c.updatedAvailable++;
  }
  return c;
}
