/**
 * A rollout prediction (lib/kruise/order/rollout-prediction.ts) as the previews show it: the pods Kruise updates in
 * place, recreates, or deletes rather than updates, named where Kruise decides it and as "of these n" groups where
 * its order or the pods' readiness leaves it open; the surge pods it creates and the real per-pass budget
 * (docs/kruise-rules.md §3.8). The partition preview, the rollback preview and the action bar read the same words.
 */
import { plural } from "../core/plural";
import type { PodFate, RolloutPrediction } from "../order/rollout-prediction";
import type { PreviewPod } from "../order/preview";

export interface FateGroupView {
  of: PreviewPod[];
  /** "1 updated in place and 1 deleted rather than updated" */
  text: string;
  fates: PodFate[];
  /** how many of the group meet each fate, at least / at most */
  counts: Partial<Record<PodFate, { min: number; max: number }>>;
}

export interface FateLists {
  inPlace: PreviewPod[];
  recreated: PreviewPod[];
  deleted: PreviewPod[];
  groups: FateGroupView[];
  /** pods that change, counted as at least / at most (groups may leave some where they are) */
  changes: { min: number; max: number };
  /** each named pod's possible fates, by name (the rounds tag their pods with it) */
  fateOf: Record<string, PodFate[]>;
  /** pods created on the update revision in all: the surge pods and ReCreate's replacements */
  created: { min: number; max: number };
  surge: number;
  perPass: number;
  maxUnavailable: number;
  maxSurge: number;
  /** "at most 2 at a time (maxUnavailable 0 + 2 surge pods)" */
  budgetText: string;
  /** Kruise stops with this error (InPlaceOnly with a change that cannot go in place): nothing moves */
  error?: string;
}

export const FATE_WORDS: Record<PodFate, string> = {
  kept: "left where it is",
  "in-place": "updated in place",
  recreate: "recreated",
  deleted: "deleted rather than updated",
};

const range = (r: { min: number; max: number }) => (r.min === r.max ? String(r.min) : `${r.min}–${r.max}`);

/** "1 updated in place and 1 deleted rather than updated": each fate a group's pods may meet, with its count. */
function groupText(counts: Partial<Record<PodFate, { min: number; max: number }>>): string {
  const order: PodFate[] = ["in-place", "recreate", "deleted", "kept"];
  const parts = order
    .filter((f) => counts[f] && counts[f]!.max > 0)
    .map((f) => `${range(counts[f]!)} ${FATE_WORDS[f].replace("left where it is", "left where they are")}`);
  return parts.join(" and ");
}

/** The budget a pass has: maxUnavailable plus the surge pods present (updateMaxUnavailable, §3.8). */
export function budgetText(p: Pick<RolloutPrediction, "perPass" | "maxUnavailable" | "surge">): string {
  const surge = p.surge > 0 ? ` + ${plural(p.surge, "surge pod")}` : "";
  return `at most ${p.perPass} at a time (maxUnavailable ${p.maxUnavailable}${surge})`;
}

/** The prediction's pods by fate, its groups in words, its surge and budget. */
export function fateLists(p: RolloutPrediction): FateLists {
  const by = (fate: PodFate) => p.exact.filter((e) => e.fate === fate).map((e) => e.pod);
  const fateOf: Record<string, PodFate[]> = {};
  for (const e of p.exact) fateOf[e.pod.name] = [e.fate];
  const groups = p.groups.map((g) => {
    const fates = Object.keys(g.counts) as PodFate[];
    for (const m of g.of) fateOf[m.name] = fates;
    return { of: g.of, text: groupText(g.counts), fates, counts: g.counts };
  });
  const inPlace = by("in-place"),
    recreated = by("recreate"),
    deleted = by("deleted");
  const exactChanges = inPlace.length + recreated.length + deleted.length;
  const moved = (g: RolloutPrediction["groups"][number], end: "min" | "max") =>
    g.of.length - (g.counts.kept ? (end === "min" ? g.counts.kept.max : g.counts.kept.min) : 0);
  return {
    inPlace,
    recreated,
    deleted,
    groups,
    changes: {
      min: exactChanges + p.groups.reduce((n, g) => n + moved(g, "min"), 0),
      max: exactChanges + p.groups.reduce((n, g) => n + moved(g, "max"), 0),
    },
    fateOf,
    created: p.created,
    surge: p.surge,
    perPass: p.perPass,
    maxUnavailable: p.maxUnavailable,
    maxSurge: p.maxSurge,
    budgetText: budgetText(p),
    ...(p.error ? { error: p.error } : {}),
  };
}

/** "6 pods" or "5–6 pods": how many pods a prediction changes. */
export function changesText(f: Pick<FateLists, "changes">): string {
  const { min, max } = f.changes;
  return min === max ? plural(min, "pod") : `${min}–${max} pods`;
}

/** One sentence per kind of change: "Updated in place (5): a, b, …", for a summary line or a dialog. */
export function fateSentences(f: FateLists): string[] {
  const list = (pods: PreviewPod[]) => pods.map((x) => x.name).join(", ");
  const out: string[] = [];
  if (f.surge > 0)
    out.push(
      `${plural(f.surge, "surge pod")} ${f.surge === 1 ? "is" : "are"} created first at the update revision (maxSurge ${f.maxSurge})`,
    );
  if (f.inPlace.length) out.push(`updated in place (${f.inPlace.length}): ${list(f.inPlace)}`);
  if (f.recreated.length) out.push(`recreated (${f.recreated.length}): ${list(f.recreated)}`);
  if (f.deleted.length) out.push(`deleted rather than updated (${f.deleted.length}): ${list(f.deleted)}`);
  for (const g of f.groups) out.push(`of ${list(g.of)}: ${g.text}`);
  return out;
}
