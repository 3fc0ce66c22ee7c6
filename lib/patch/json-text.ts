// Scanning JSON text without parsing it, for readers that take one member of a large object or cut one out: only
// strings and nesting are tracked (a quote inside a string is escaped, RFC 8259 §7), so braces and brackets inside
// strings never count. Strings are skipped with indexOf, so long values cost a native search, not a loop.

const QUOTE = 34,
  BACKSLASH = 92,
  COMMA = 44,
  OPEN_OBJ = 123,
  CLOSE_OBJ = 125,
  OPEN_ARR = 91,
  CLOSE_ARR = 93;

/** Index after the JSON string whose opening quote is at `i`, escapes included; -1 if the text ends first. */
export function skipString(s: string, i: number): number {
  for (let j = s.indexOf('"', i + 1); j >= 0; j = s.indexOf('"', j + 1)) {
    let slashes = 0;
    while (s.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return j + 1; // an even run of backslashes escapes itself, not the quote
  }
  return -1;
}

/** Index after the JSON value starting at `i` (a string, object, array or scalar); -1 if it does not end. */
export function skipValue(s: string, i: number): number {
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
