// One field of an object's JSON text without building the object: a write's response is a whole object (a pod with
// its managedFields is several KB) of which the controllers read only metadata.resourceVersion, and parsing all of
// it for that was the larger part of their response handling.

const WS = new Set([" ", "\t", "\n", "\r"]);

/** Index after the JSON string starting at `i` (a quote), escapes included. */
function skipString(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "\\") j++;
    else if (s[j] === '"') return j + 1;
  }
  return -1;
}

/** Index after the JSON value starting at `i`. */
function skipValue(s: string, i: number): number {
  if (s[i] === '"') return skipString(s, i);
  if (s[i] !== "{" && s[i] !== "[") {
    let j = i;
    while (j < s.length && s[j] !== "," && s[j] !== "}" && s[j] !== "]") j++;
    return j;
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '"') j = skipString(s, j) - 1;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") if (--depth === 0) return j + 1;
    if (j < 0) return -1;
  }
  return -1;
}

const skipWs = (s: string, i: number) => {
  while (i < s.length && WS.has(s[i])) i++;
  return i;
};

/** Index of the value of `key` in the JSON object starting at `i`, or -1. Keys are compared as written. */
function member(s: string, i: number, key: string): number {
  i = skipWs(s, i);
  if (s[i] !== "{") return -1;
  i = skipWs(s, i + 1);
  while (i >= 0 && i < s.length && s[i] === '"') {
    const end = skipString(s, i);
    if (end < 0) return -1;
    const name = s.slice(i + 1, end - 1);
    i = skipWs(s, end);
    if (s[i] !== ":") return -1;
    i = skipWs(s, i + 1);
    if (name === key) return i;
    i = skipValue(s, i);
    if (i < 0) return -1;
    i = skipWs(s, i);
    if (s[i] !== ",") return -1;
    i = skipWs(s, i + 1);
  }
  return -1;
}

/** metadata.resourceVersion of an object's JSON, or undefined (absent, not a plain string, or not an object). */
export function metadataResourceVersion(json: string): string | undefined {
  const meta = member(json, 0, "metadata");
  if (meta < 0) return undefined;
  const rv = member(json, meta, "resourceVersion");
  if (rv < 0 || json[rv] !== '"') return undefined;
  const end = skipString(json, rv);
  const raw = end < 0 ? "" : json.slice(rv + 1, end - 1);
  return end < 0 || raw.includes("\\") ? undefined : raw;
}
