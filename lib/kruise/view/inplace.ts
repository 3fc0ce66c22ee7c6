/**
 * Reading `apps.kruise.io/inplace-update-state` for display (docs/kruise-rules.md §7.5).
 */
import { ANNOTATION_INPLACE_STATE } from "../core/names";

export interface InPlaceBatch {
  timestamp: string;
  containers: string[];
}

export interface InPlaceStateView {
  /** Target ControllerRevision name (full `<cloneset>-<hash>`). */
  revision: string;
  /** Start of this in-place update (RFC 3339). */
  updateTimestamp: string;
  /** Batches already patched (containerBatchesRecord), oldest first. */
  batchesDone: InPlaceBatch[];
  /** Containers still waiting for a later batch (next* maps), sorted. */
  pendingContainers: string[];
  /** Containers that must be Ready before the next batch (preCheckBeforeNext). */
  waitingFor: string[];
  /** "batch k of n", derivable from the record plus the next* maps. */
  batchLabel: string;
}

function keysOf(v: unknown): string[] {
  return v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v as object) : [];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/**
 * Parse the in-place update state annotation (apis/apps/pub/inplace_update.go: InPlaceUpdateState).
 * Returns null when absent or not valid JSON: annotations are user-writable, so never throw.
 */
export function parseInPlaceState(annotations: Record<string, string> | undefined): InPlaceStateView | null {
  const raw = annotations?.[ANNOTATION_INPLACE_STATE];
  if (!raw) return null;
  let obj: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    obj = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const record = Array.isArray(obj.containerBatchesRecord) ? obj.containerBatchesRecord : [];
  const batchesDone: InPlaceBatch[] = record
    .filter((b): b is Record<string, unknown> => !!b && typeof b === "object")
    .map((b) => ({ timestamp: typeof b.timestamp === "string" ? b.timestamp : "", containers: strings(b.containers) }));
  const pending = new Set([
    ...keysOf(obj.nextContainerImages),
    ...keysOf(obj.nextContainerRefMetadata),
    ...keysOf(obj.nextContainerResources),
  ]);
  const pre = obj.preCheckBeforeNext as { containersRequiredReady?: unknown } | undefined;
  const total = batchesDone.length + (pending.size > 0 ? 1 : 0);
  return {
    revision: typeof obj.revision === "string" ? obj.revision : "",
    updateTimestamp: typeof obj.updateTimestamp === "string" ? obj.updateTimestamp : "",
    batchesDone,
    pendingContainers: [...pending].sort(),
    waitingFor: strings(pre?.containersRequiredReady),
    batchLabel: total === 0 ? "metadata only" : `batch ${batchesDone.length} of ${total}`,
  };
}
