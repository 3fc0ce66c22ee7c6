// One field of an object's JSON text without building the object: a write's response is a whole object (a pod with
// its managedFields is several KB) of which the controllers read only metadata.resourceVersion, and parsing all of
// it for that was the larger part of their response handling. Character codes, not one-character strings, so the
// scan over the values it skips stays cheap.
import { skipString, skipValue } from "@/lib/patch/json-text";

const QUOTE = 34,
  COLON = 58,
  COMMA = 44,
  OPEN_OBJ = 123;

const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipWs(s: string, i: number): number {
  while (i < s.length && isWs(s.charCodeAt(i))) i++;
  return i;
}

/** Index of the value of `key` in the JSON object starting at `i`, or -1. Keys are compared as written. */
function member(s: string, i: number, key: string): number {
  i = skipWs(s, i);
  if (s.charCodeAt(i) !== OPEN_OBJ) return -1;
  i = skipWs(s, i + 1);
  while (i < s.length && s.charCodeAt(i) === QUOTE) {
    const end = skipString(s, i);
    if (end < 0) return -1;
    const match = end - i - 2 === key.length && s.startsWith(key, i + 1);
    i = skipWs(s, end);
    if (s.charCodeAt(i) !== COLON) return -1;
    i = skipWs(s, i + 1);
    if (match) return i;
    i = skipValue(s, i);
    if (i < 0) return -1;
    i = skipWs(s, i);
    if (s.charCodeAt(i) !== COMMA) return -1;
    i = skipWs(s, i + 1);
  }
  return -1;
}

/** metadata.resourceVersion of an object's JSON, or undefined (absent, not a plain string, or not an object). */
export function metadataResourceVersion(json: string): string | undefined {
  const meta = member(json, 0, "metadata");
  if (meta < 0) return undefined;
  const rv = member(json, meta, "resourceVersion");
  if (rv < 0 || json.charCodeAt(rv) !== QUOTE) return undefined;
  const end = skipString(json, rv);
  if (end < 0) return undefined;
  const raw = json.slice(rv + 1, end - 1);
  return raw.includes("\\") ? undefined : raw;
}
