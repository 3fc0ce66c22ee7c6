import { randomUUID } from "node:crypto";
import type { Obj } from "./types";

/** RFC 3339 seconds precision, as metav1.Time serializes. */
export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** metav1.MicroTime (events' eventTime). */
export const rfc3339Micro = (d: Date) => d.toISOString().replace(/Z$/, "000Z");

export const newUid = () => randomUUID();

const nameChars = "bcdfghjklmnpqrstvwxz2456789";
/** names.SimpleNameGenerator: generateName + 5 random alphanumerics (apiserver `pkg/storage/names/generate.go`). */
export function generateName(base: string, random: () => number = Math.random): string {
  const b = base.length > 58 ? base.slice(0, 58) : base;
  let s = "";
  for (let i = 0; i < 5; i++) s += nameChars[Math.floor(random() * nameChars.length)];
  return b + s;
}

/** Deep copy of a JSON document (never hand out internal references). */
export function copy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Everything but metadata (and status when the type has a status subresource): what generation tracks. */
export function contentOf(o: Obj, dropStatus: boolean): Obj {
  const rest = { ...o };
  delete rest.metadata;
  if (dropStatus) delete rest.status;
  return rest;
}

/** Metadata without the fields the server maintains, to detect no-op writes. */
export function comparable(o: Obj): Obj {
  const m = { ...(o.metadata ?? {}) };
  delete m.resourceVersion;
  delete m.managedFields;
  return { ...o, metadata: m };
}

// metav1.Time fields of built-in kinds: the Go types re-encode them as RFC 3339 seconds in UTC, so a
// client's "…:05.731Z" is stored as "…:05Z" and pods made Ready in one second compare equal.
const TIME_FIELDS = new Set([
  "creationTimestamp",
  "deletionTimestamp",
  "lastTransitionTime",
  "lastProbeTime",
  "lastHeartbeatTime",
  "lastUpdateTime",
  "startTime",
  "startedAt",
  "finishedAt",
  "firstTimestamp",
  "lastTimestamp",
  "time",
]);
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function secondsTime(v: unknown): unknown {
  if (typeof v !== "string" || !TIME.test(v)) return v;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? rfc3339(new Date(Math.floor(ms / 1000) * 1000)) : v;
}

/**
 * Times as the API server stores them: every metav1.Time of a built-in object at one-second
 * resolution; custom resources are stored as sent except their metadata (the CRD's status is plain
 * JSON to kube-apiserver). Changes `obj` in place. Parts `obj` shares with `stored` (the stored
 * object it replaces) were normalized when they were stored, and are skipped.
 */
export function toWireTimes(obj: Obj, builtin: boolean, stored?: Obj): void {
  const walk = (v: unknown, was: unknown): void => {
    if (v === was) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, Array.isArray(was) ? was[i] : undefined));
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      const w = was && typeof was === "object" && !Array.isArray(was) ? (was as Record<string, unknown>) : undefined;
      for (const k of Object.keys(o)) {
        if (TIME_FIELDS.has(k)) o[k] = secondsTime(o[k]);
        else walk(o[k], w?.[k]);
      }
    }
  };
  if (builtin) walk(obj, stored);
  else if (obj.metadata) {
    for (const k of ["creationTimestamp", "deletionTimestamp"])
      if (k in obj.metadata) obj.metadata[k] = secondsTime(obj.metadata[k]);
    walk(obj.metadata.managedFields, undefined);
  }
}
