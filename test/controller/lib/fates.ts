/**
 * What became of each pod in a run, read from the pod timeline, and how that compares with a prediction from
 * lib/kruise/order: every pod named exactly met its fate, every pod of a group met one of the group's fates, and
 * each group's counts are within the predicted range. "preview holds" scenarios assert that no line comes back.
 */
import type { Pod } from "@/lib/k8s/objects";
import type { PodFate, RolloutPrediction } from "@/lib/kruise/order/rollout-prediction";
import type { OrderSlice } from "@/lib/kruise/order/ties";
import type { Timeline } from "./timeline";

/** Fates of the pods present at the start, by uid: the last thing that happened to each. */
export function observedFates(t: Timeline, before: Pod[]): Map<string, PodFate> {
  const out = new Map<string, PodFate>(before.map((p) => [p.metadata.uid!, "kept"]));
  for (const m of t.moves) {
    if (!out.has(m.uid) || m.kind === "created") continue;
    out.set(m.uid, m.kind);
  }
  return out;
}

/** The ways a run broke the prediction, one line each (empty: it held). */
export function predictionBreaks(p: RolloutPrediction, fates: Map<string, PodFate>): string[] {
  const out: string[] = [];
  const fateOf = (uid: string | undefined) => (uid && fates.get(uid)) || "(not watched)";
  for (const e of p.exact) {
    const got = fateOf(e.pod.uid);
    if (got !== e.fate) out.push(`${e.pod.name}: predicted ${e.fate}, was ${got}`);
  }
  for (const g of p.groups) {
    const got = g.of.map((m) => fateOf(m.uid));
    const names = g.of.map((m) => m.name).join(", ");
    for (const [i, f] of got.entries())
      if (!(f in g.counts))
        out.push(`${g.of[i].name} (group of ${names}): ${f} is not one of ${Object.keys(g.counts)}`);
    for (const [f, r] of Object.entries(g.counts)) {
      const n = got.filter((x) => x === f).length;
      if (n < r!.min || n > r!.max) out.push(`group of ${names}: ${n} ${f}, predicted ${r!.min}..${r!.max}`);
    }
  }
  return out;
}

/** The pods a slice of an order may contain hold what was observed: exact ones in, each group's count in. */
export function sliceBreaks(s: OrderSlice<{ name: string }>, observed: string[]): string[] {
  const out: string[] = [];
  const seen = new Set(observed);
  for (const x of s.exact) if (!seen.has(x.name)) out.push(`${x.name} was named exactly but not touched`);
  const allowed = new Set([...s.exact, ...s.ties.flatMap((g) => g.of)].map((x) => x.name));
  for (const n of observed) if (!allowed.has(n)) out.push(`${n} was touched but not previewed`);
  for (const g of s.ties) {
    const n = g.of.filter((x) => seen.has(x.name)).length;
    if (n !== g.count) out.push(`${n} of ${g.of.map((x) => x.name).join(", ")} touched, previewed ${g.count}`);
  }
  return out;
}
