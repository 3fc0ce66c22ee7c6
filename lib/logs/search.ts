// Finding text in a log: case-insensitive, as a plain substring (a log search is typed fast, often with characters a
// regular expression would take as syntax: `[error]`, `a.b(c)`).

/** The [start, end) ranges of `query` in `text`, case-insensitive; none for an empty query. */
export function matchRanges(text: string, query: string): [number, number][] {
  if (!query) return [];
  // Lower-casing may change a string's length (e.g. "İ"); then positions would not map back, so match as typed.
  const folded = text.toLowerCase().length === text.length && query.toLowerCase().length === query.length;
  const hay = folded ? text.toLowerCase() : text;
  const needle = folded ? query.toLowerCase() : query;
  const out: [number, number][] = [];
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length))
    out.push([at, at + needle.length]);
  return out;
}

/** Whether `text` contains `query` (case-insensitive). */
export const matches = (text: string, query: string) => !query || text.toLowerCase().includes(query.toLowerCase());

/** `text` cut into plain and matching parts, for highlighting. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [s, e] of matchRanges(text, query)) {
    if (s > at) parts.push({ text: text.slice(at, s), match: false });
    parts.push({ text: text.slice(s, e), match: true });
    at = e;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), match: false });
  return parts;
}
