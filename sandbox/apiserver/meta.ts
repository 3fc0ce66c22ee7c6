import { randomUUID } from "node:crypto";
import { deepEqual } from "./mechanics/json";
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

/** deepEqual of two objects' members, leaving out the keys in `skip` (no copies of either object). */
function sameMembers(a: Obj, b: Obj, skip: readonly string[]): boolean {
  let count = 0;
  for (const k of Object.keys(a)) {
    if (skip.includes(k)) continue;
    if (!Object.prototype.hasOwnProperty.call(b, k) || !deepEqual(a[k], b[k])) return false;
    count++;
  }
  for (const k of Object.keys(b)) if (!skip.includes(k)) count--;
  return count === 0;
}

const METADATA = ["metadata"],
  METADATA_STATUS = ["metadata", "status"],
  SERVER_META = ["resourceVersion", "managedFields"],
  RESOURCE_VERSION = ["resourceVersion"];

/** Everything but metadata (and status when the type has a status subresource) is equal: what generation tracks. */
export function sameContent(a: Obj, b: Obj, dropStatus: boolean): boolean {
  return sameMembers(a, b, dropStatus ? METADATA_STATUS : METADATA);
}

/** Equal but for the metadata the server maintains (resourceVersion, managedFields): a no-op write. */
export function sameButServerFields(a: Obj, b: Obj): boolean {
  return sameMembers(a, b, METADATA) && sameMembers(a.metadata ?? {}, b.metadata ?? {}, SERVER_META);
}

/** Equal but for the resourceVersion: what the store finds unchanged, managed fields included. */
export function sameButResourceVersion(a: Obj, b: Obj): boolean {
  return sameMembers(a, b, METADATA) && sameMembers(a.metadata ?? {}, b.metadata ?? {}, RESOURCE_VERSION);
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

/** Normalized forms of recent time strings: a write carries the same few seconds over and over. */
const normalizedTimes = new Map<string, string>();

function secondsTime(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const known = normalizedTimes.get(v);
  if (known !== undefined) return known;
  if (!TIME.test(v)) return v;
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) return v;
  const s = rfc3339(new Date(Math.floor(ms / 1000) * 1000));
  if (normalizedTimes.size >= 4096) normalizedTimes.clear();
  normalizedTimes.set(v, s);
  return s;
}

/** Normalizes the time fields of `v`, skipping what it shares with `was` (see toWireTimes). */
function walkTimes(v: unknown, was: unknown): void {
  if (v === was) return;
  if (Array.isArray(v)) {
    const w = Array.isArray(was) ? was : undefined;
    for (let i = 0; i < v.length; i++) walkTimes(v[i], w?.[i]);
  } else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const w = was && typeof was === "object" && !Array.isArray(was) ? (was as Record<string, unknown>) : undefined;
    for (const k in o) {
      if (TIME_FIELDS.has(k)) o[k] = secondsTime(o[k]);
      else walkTimes(o[k], w?.[k]);
    }
  }
}

/**
 * Times as the API server stores them: every metav1.Time of a built-in object at one-second
 * resolution; custom resources are stored as sent except their metadata (the CRD's status is plain
 * JSON to kube-apiserver). Changes `obj` in place. Parts `obj` shares with `stored` (the stored
 * object it replaces) were normalized when they were stored, and are skipped.
 */
export function toWireTimes(obj: Obj, builtin: boolean, stored?: Obj): void {
  if (builtin) walkTimes(obj, stored);
  else if (obj.metadata) {
    for (const k of ["creationTimestamp", "deletionTimestamp"])
      if (k in obj.metadata) obj.metadata[k] = secondsTime(obj.metadata[k]);
    walkTimes(obj.metadata.managedFields, undefined);
  }
}
