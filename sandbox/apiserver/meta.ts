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
