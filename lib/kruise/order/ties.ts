// Tie groups: the pods Kruise's order does not decide (docs/kruise-rules.md §4; rule in ./README.md).

/** True when Kruise's comparator cannot tell `a` and `b` apart (every key it sorts by is equal). */
export type TieTest<T> = (a: T, b: T) => boolean;

/**
 * Class number per item: items are in one class when a chain of ties joins them. `transitive`
 * (an equivalence, like equal sort keys) compares each item with one member per class only; otherwise
 * every pair is compared (union-find), so a non-transitive test (e.g. rank ties on one node) still
 * gives disjoint groups. Classes are numbered by their first item.
 */
export function tieClasses<T>(items: T[], tie: TieTest<T>, transitive = true): number[] {
  if (transitive) {
    const reps: T[] = [];
    return items.map((x) => {
      const k = reps.findIndex((r) => tie(r, x));
      if (k >= 0) return k;
      reps.push(x);
      return reps.length - 1;
    });
  }
  const parent = items.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++)
      if (root(i) !== root(j) && tie(items[i], items[j])) parent[root(j)] = root(i);
  const ids = new Map<number, number>();
  return items.map((_, i) => {
    const r = root(i);
    if (!ids.has(r)) ids.set(r, ids.size);
    return ids.get(r)!;
  });
}

/** `count` of the pods in `of` (they tie; Kruise picks which); `earlier` of them went to earlier slices. */
export interface TieGroup<T> {
  count: number;
  of: T[];
  earlier: number;
}

/** Positions of an order as the controller decides them: these exactly, plus picks from tie groups. */
export interface OrderSlice<T> {
  exact: T[];
  ties: TieGroup<T>[];
}

/**
 * Positions [from, to) of `ordered` (one arbitrary tie-break of Kruise's order; `cls` from
 * tieClasses over `ordered`). A pod is exact when its whole tie class lies inside the slice; a class
 * that straddles an edge becomes "count of these n". Equal pods swap places freely, so this is what
 * holds for every tie-break.
 */
export function sliceWithTies<T>(ordered: T[], cls: number[], from: number, to: number): OrderSlice<T> {
  const exact: T[] = [];
  const groups = new Map<number, TieGroup<T>>();
  const positionsOf = new Map<number, number[]>();
  cls.forEach((c, j) => positionsOf.set(c, [...(positionsOf.get(c) ?? []), j]));
  for (let i = from; i < Math.min(to, ordered.length); i++) {
    const positions = positionsOf.get(cls[i])!;
    const members = positions.map((j) => ordered[j]);
    if (positions.every((j) => j >= from && j < to)) {
      exact.push(ordered[i]);
      continue;
    }
    const g = groups.get(cls[i]);
    if (g) g.count++;
    else groups.set(cls[i], { count: 1, of: members, earlier: positions.filter((j) => j < from).length });
  }
  return { exact, ties: [...groups.values()] };
}

/** All pods a slice can contain: the exact ones and every member of its tie groups. */
export function possibleMembers<T>(s: OrderSlice<T>): T[] {
  return [...s.exact, ...s.ties.flatMap((g) => g.of)];
}

/** Fisher–Yates with an injected random source (the sandbox's stand-in for informer order). */
export function shuffled<T>(xs: readonly T[], rand: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** RFC 3339 time at the API's one-second resolution (metav1.Time on the wire); 0 when absent or unreadable. */
export function wireSeconds(t: string | null | undefined): number {
  if (!t) return 0;
  let s = parsedSeconds.get(t);
  if (s === undefined) {
    const ms = Date.parse(t);
    s = Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
    // Sorting n pods reads the same few timestamps n log n times; Date.parse dominated the update order.
    if (parsedSeconds.size >= 4096) parsedSeconds.clear();
    parsedSeconds.set(t, s);
  }
  return s;
}
const parsedSeconds = new Map<string, number>();
