/**
 * The timeline before the page opened: the updated / ready / available lines reconstructed from the pods that exist
 * now, so the chart starts at the workload's creation instead of at the moment the page was opened.
 *
 * A pod counts as updated from the moment it reached the update revision: its creation when it was created on it
 * (recreate, scale-out), else the start of its in-place update (`apps.kruise.io/inplace-update-state`
 * `updateTimestamp`, docs/kruise-rules.md §7.5); ready from its Ready condition's last transition after that; available
 * `minReadySeconds` later (docs/kruise-rules.md §10, as `status.updatedAvailableReplicas` counts,
 * `openkruise/kruise` `pkg/controller/cloneset/sync/cloneset_status.go`). Pods deleted since are gone from the
 * cluster and from these lines: the reconstruction says what today's pods went through, and the live samples take
 * over from the page's first moment.
 */
import { sameRevision, timeOf } from "./format";
import type { PodRow } from "./pods";
import { addSample, type Sample } from "./timeline";

type Step = { at: number; key: keyof Omit<Sample, "at"> };

/** The moment a pod reached `updateRevision`, or 0 when it is not on it (or the time is unknown). */
export function updatedSince(pod: PodRow, updateRevision: string): number {
  if (!updateRevision || !sameRevision(pod.revision, updateRevision) || pod.terminating) return 0;
  if (pod.inPlace && sameRevision(pod.inPlace.revision, updateRevision)) {
    const t = timeOf(pod.inPlace.updateTimestamp);
    if (t > 0) return Math.max(t, timeOf(pod.created));
  }
  return timeOf(pod.created);
}

/**
 * Samples from `from` (the workload's creation) to `now`, one per change, from the current pods' own times. Times
 * before `from` are clamped to it (a pod adopted from an older owner).
 */
export function historySamples(
  pods: readonly PodRow[],
  updateRevision: string,
  from: number,
  now: number,
  minReadySeconds = 0,
): Sample[] {
  const steps: Step[] = [];
  for (const p of pods) {
    const u = updatedSince(p, updateRevision);
    if (!u || u > now) continue;
    steps.push({ at: Math.max(u, from), key: "updated" });
    if (!p.ready) continue;
    const r = Math.max(u, timeOf(p.readySince));
    if (r > now) continue;
    steps.push({ at: Math.max(r, from), key: "ready" });
    const a = r + minReadySeconds * 1000;
    if (a <= now) steps.push({ at: Math.max(a, from), key: "available" });
  }
  steps.sort((x, y) => x.at - y.at);
  let out: Sample[] = [{ at: from, updated: 0, ready: 0, available: 0 }];
  const c = { updated: 0, ready: 0, available: 0 };
  for (let i = 0; i < steps.length; i++) {
    c[steps[i].key]++;
    // One sample per instant: steps at the same time land together.
    if (i + 1 < steps.length && steps[i + 1].at === steps[i].at) continue;
    const s = { at: steps[i].at, ...c };
    out = out[out.length - 1].at === s.at ? [...out.slice(0, -1), s] : addSample(out, s);
  }
  return out;
}

/** The reconstructed history up to the first live sample, then the live samples: one line from creation to now. */
export function joinHistory(history: readonly Sample[], live: readonly Sample[]): Sample[] {
  const first = live[0]?.at ?? Infinity;
  return [...history.filter((s) => s.at < first), ...live];
}
