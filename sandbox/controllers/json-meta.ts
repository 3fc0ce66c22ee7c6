// One field of an object's JSON text without building the object: a write's response is a whole object (a pod with
// its managedFields is several KB) of which the controllers read only metadata.resourceVersion, and parsing all of
// it for that was the larger part of their response handling. Character codes, not one-character strings, so the
// scan over the values it skips stays cheap.
const QUOTE = 34,
  BACKSLASH = 92,
  COLON = 58,
  COMMA = 44,
  OPEN_OBJ = 123,
  CLOSE_OBJ = 125,
  OPEN_ARR = 91,
  CLOSE_ARR = 93;

const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** Index after the JSON string starting at `i` (a quote), escapes included; -1 if unterminated. */
function skipString(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  return -1;
}

/** Index after the JSON value starting at `i`; -1 if it does not end. */
function skipValue(s: string, i: number): number {
  const first = s.charCodeAt(i);
  if (first === QUOTE) return skipString(s, i);
  if (first !== OPEN_OBJ && first !== OPEN_ARR) {
    let j = i;
    for (let c = s.charCodeAt(j); j < s.length && c !== COMMA && c !== CLOSE_OBJ && c !== CLOSE_ARR;)
      c = s.charCodeAt(++j);
    return j;
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === QUOTE) {
      j = skipString(s, j) - 1;
      if (j < 0) return -1;
    } else if (c === OPEN_OBJ || c === OPEN_ARR) depth++;
    else if ((c === CLOSE_OBJ || c === CLOSE_ARR) && --depth === 0) return j + 1;
  }
  return -1;
}

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
