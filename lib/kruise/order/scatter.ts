// scatterStrategy ordering (docs/kruise-rules.md §4.1 step 3).
import type { Pod, ScatterTerm } from "../../k8s/objects";

interface Group {
  groupNum: number;
  matchedSize: number;
  unmatchedSize: number;
  unmatchedRemainder: number;
}

function newGroup(matched: number, unmatched: number): Group {
  const n = Math.min(matched, unmatched);
  return {
    groupNum: n,
    matchedSize: Math.round(matched / n),
    unmatchedSize: Math.round(unmatched / n),
    unmatchedRemainder: 0,
  };
}

// float32 comparison as upstream does it.
function groupByDensity(totalM: number, totalU: number, updM: number, updU: number): Group {
  const upd = newGroup(updM, updU);
  if (Math.fround(Math.fround(totalU) / Math.fround(totalM)) >= Math.fround(Math.fround(updU) / Math.fround(updM)))
    return upd;
  const tot = newGroup(totalM, totalU);
  const g: Group = {
    groupNum: 0,
    matchedSize: tot.matchedSize,
    unmatchedSize: tot.unmatchedSize,
    unmatchedRemainder: 0,
  };
  const a = Math.trunc(updM / g.matchedSize),
    b = Math.trunc(updU / g.unmatchedSize);
  g.groupNum = a < b ? a : b;
  g.unmatchedRemainder = updU - g.groupNum * g.unmatchedSize;
  return g;
}

function scatterByTerm(term: ScatterTerm, pods: Pod[], indexes: number[]): number[] {
  const match = (p: Pod) => (p.metadata.labels?.[term.key] ?? "") === term.value;
  let matched = indexes.filter((i) => match(pods[i]));
  let unmatched = indexes.filter((i) => !match(pods[i]));
  if (matched.length <= 1 || unmatched.length <= 1) return indexes;
  let totalM = pods.filter(match).length;
  const totalU = pods.length - totalM;
  const last = matched[matched.length - 1];
  matched = matched.slice(0, -1);
  totalM--;
  const g = groupByDensity(totalM, totalU, matched.length, unmatched.length);
  const out: number[] = [];
  if (g.unmatchedRemainder > 0) {
    out.push(...unmatched.slice(0, g.unmatchedRemainder));
    unmatched = unmatched.slice(g.unmatchedRemainder);
  }
  for (let i = 0; i < g.groupNum; i++) {
    out.push(...matched.slice(0, g.matchedSize));
    matched = matched.slice(g.matchedSize);
    out.push(...unmatched.slice(0, g.unmatchedSize));
    unmatched = unmatched.slice(g.unmatchedSize);
  }
  return [...out, ...matched, ...unmatched, last];
}

/**
 * Spreads pods matching each scatter term evenly through the update order; with several terms
 * only those matching a candidate are used, most-matching first. Upstream: kruise
 * pkg/util/updatesort/scatter_sort.go (Sort, getScatterTerms, scatterPodsByRule).
 */
export function scatterSort(strategy: ScatterTerm[] | undefined, pods: Pod[], indexes: number[]): number[] {
  if (!strategy?.length || indexes.length <= 1) return indexes;
  let terms = strategy;
  if (strategy.length > 1) {
    const counts = new Map<string, { term: ScatterTerm; n: number; order: number }>();
    for (const t of strategy) {
      for (const i of indexes) {
        if (pods[i].metadata.labels?.[t.key] !== t.value) continue;
        const id = `${t.key}:${t.value}`;
        const c = counts.get(id);
        if (c) c.n++;
        else counts.set(id, { term: { key: t.key, value: t.value }, n: 1, order: counts.size });
      }
    }
    terms = [...counts.values()].sort((a, b) => b.n - a.n || a.order - b.order).map((c) => c.term);
  }
  let out = indexes;
  for (const t of terms) out = scatterByTerm(t, pods, out);
  return out;
}
