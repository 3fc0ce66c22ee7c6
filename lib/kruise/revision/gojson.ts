// Byte-exact helpers for hashing what Go's encoding/json would produce.

/**
 * JSON text as Go's json.Marshal writes a generic map: object keys sorted, no whitespace,
 * `<`, `>`, `&`, U+2028 and U+2029 escaped as \u00XX / \u20XX.
 * Upstream: Go encoding/json (map keys are sorted; HTML-safe escaping).
 */
export function goMarshal(v: unknown): string {
  return marshal(v);
}

function marshal(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return `[${v.map(marshal).join(",")}]`;
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort(byUtf8);
    return `{${keys.map((k) => `${quote(k)}:${marshal(o[k])}`).join(",")}}`;
  }
  if (typeof v === "string") return quote(v);
  return JSON.stringify(v);
}

// Go sorts map keys by byte order; for the ASCII keys Kubernetes uses this is code-unit order.
function byUtf8(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function quote(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** UTF-8 bytes of a string (TextEncoder exists in Node and browsers). */
export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** 32-bit FNV-1 (hash/fnv New32, multiply then xor). */
export function fnv1_32(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of bytes) h = (Math.imul(h, 0x01000193) ^ b) >>> 0;
  return h;
}

/** 32-bit FNV-1a (hash/fnv New32a, xor then multiply). */
export function fnv1a_32(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

const ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";

/** Maps every character through the "safe" alphabet by code point mod 27 (apimachinery util/rand SafeEncodeString). */
export function safeEncodeString(s: string): string {
  return Array.from(s, (c) => ALPHANUMS[c.codePointAt(0)! % ALPHANUMS.length]).join("");
}
