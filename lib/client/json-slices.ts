/**
 * Where to cut the JSON text of an object with one large array field (a snapshot's `items`) so that each piece is
 * a run of whole elements: the page can then decode the array a piece per task instead of the whole text in one
 * JSON.parse. Only strings and nesting are tracked; every piece still goes through JSON.parse, so a text this
 * misreads fails there, never silently. It runs in a worker built from its source (./snapshot-split.ts), so
 * `arrayCuts` must stay self-contained: no imports, no helpers outside it, plain loops only.
 */

/**
 * Cuts for the top-level array field `key`: [open, c1, …, close] where `open` is its `[`, `close` its `]` and each c
 * a comma between two elements, one every `every` elements, so `text.slice(b[i] + 1, b[i + 1])` is a run of whole
 * elements. Null when the text is not an object with such a field, or ends inside it.
 */
export function arrayCuts(text: string, key: string, every: number): number[] | null {
  const QUOTE = 34;
  const BACKSLASH = 92;
  const COMMA = 44;
  const COLON = 58;
  const OPEN_BRACE = 123;
  const CLOSE_BRACE = 125;
  const OPEN_BRACKET = 91;
  const CLOSE_BRACKET = 93;
  const n = text.length;
  // The index after the string whose opening quote is at i (n when it never closes).
  const afterString = (i: number): number => {
    for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
      let slashes = 0;
      while (text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
      if (slashes % 2 === 0) return j + 1;
    }
    return n;
  };
  const skipSpace = (i: number): number => {
    let c = text.charCodeAt(i);
    while (i < n && (c === 32 || c === 9 || c === 10 || c === 13)) c = text.charCodeAt(++i);
    return i;
  };
  // The field's "[" among the object's top-level fields; the fields after it are not read.
  const wanted = JSON.stringify(key);
  let open = -1;
  let depth = 0;
  for (let i = skipSpace(0); i < n && open < 0; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = afterString(i);
      const colon = skipSpace(end);
      if (depth === 1 && text.charCodeAt(colon) === COLON && text.slice(i, end) === wanted) {
        const value = skipSpace(colon + 1);
        if (text.charCodeAt(value) !== OPEN_BRACKET) return null;
        open = value;
      } else i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (--depth <= 0) return null;
    } else if (depth === 0) return null; // not an object
  }
  if (open < 0) return null;
  const cuts = [open];
  let count = 0;
  depth = 0;
  for (let i = open + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = afterString(i) - 1;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (depth > 0) {
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    } else if (c === CLOSE_BRACKET) {
      cuts.push(i);
      return cuts;
    } else if (c === COMMA && ++count % every === 0) cuts.push(i);
  }
  return null;
}

/** The object's text with the array between `open` and `close` emptied: its other fields, for one small parse. */
export function withoutArray(text: string, open: number, close: number): string {
  return `${text.slice(0, open)}[]${text.slice(close + 1)}`;
}
