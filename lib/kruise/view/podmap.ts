/**
 * The pod map's model: every pod as a cell with one state, grouped by revision (update revision first), with the
 * in-place container batch it is at (docs/kruise-rules.md §7.5) and the line the pods table shows for it.
 */
import { plural } from "../core/plural";
import { sameRevision } from "./format";
import type { PodGroup, PodRow } from "./pods";

export type CellState =
  | "ready"
  | "updating"
  | "recreating"
  | "preparing-update"
  | "preparing-delete"
  | "not-ready"
  | "failing"
  | "terminating";

/** Legend order: what needs a look first. */
export const CELL_STATES: CellState[] = [
  "failing",
  "not-ready",
  "updating",
  "recreating",
  "preparing-update",
  "preparing-delete",
  "terminating",
  "ready",
];

export const CELL_WORD: Record<CellState, string> = {
  ready: "ready",
  updating: "updating in place",
  recreating: "recreating",
  "preparing-update": "PreparingUpdate",
  "preparing-delete": "PreparingDelete",
  "not-ready": "not ready",
  failing: "failing",
  terminating: "terminating",
};

export interface PodCell {
  name: string;
  state: CellState;
  /** In-place batches done and in all (0/0 when not updating in place). */
  batch: { done: number; of: number };
  /** The pod's line from the table, for the tooltip and the screen-reader list (built when first read). */
  readonly line: string;
}

export interface PodMapGroup {
  revision: string;
  isUpdate: boolean;
  isCurrent: boolean;
  cells: PodCell[];
  counts: Partial<Record<CellState, number>>;
}

export interface PodMapModel {
  groups: PodMapGroup[];
  counts: Partial<Record<CellState, number>>;
  total: number;
  /** "10 pods: 7 ready, 2 updating in place, 1 failing" — the map in one sentence. */
  summary: string;
}

/** One state per pod, the most telling first: terminating, failing, hook holds, in-place update, recreate, readiness. */
export function cellState(p: PodRow, isUpdate: boolean): CellState {
  if (p.terminating) return "terminating";
  if (p.problem) return "failing";
  if (p.lifecycle === "PreparingDelete") return "preparing-delete";
  if (p.lifecycle === "PreparingUpdate") return "preparing-update";
  if (p.lifecycle === "Updating" || p.gracePending || p.inPlaceUpdateReady?.status === "False") return "updating";
  if (p.ready) return "ready";
  // Moved in place to its own revision and not ready again yet: the containers restart, the update is not over.
  if (p.inPlace && sameRevision(p.inPlace.revision, p.revision)) return "updating";
  // A new pod of the update revision that never ran in place: a recreate (or a scale-out) still starting.
  if (isUpdate && !p.inPlace) return "recreating";
  return "not-ready";
}

export function podLine(p: PodRow): string {
  const images = p.containers.map((c) => `${c.name}=${c.specImage}`).join(", ");
  const problem = p.problem ? ` · ${p.problem.reason}${p.problem.container ? ` (${p.problem.container})` : ""}` : "";
  const batch = p.inPlace ? ` · in place ${p.inPlace.batchLabel}` : "";
  return `${p.name} · ${p.node || "unscheduled"} · ${p.phase} · ${p.ready ? "Ready" : "Not ready"}${
    p.lifecycle ? ` · ${p.lifecycle}` : ""
  } · ${plural(p.restarts, "restart")}${batch}${problem} · ${images}`;
}

function tally(cells: PodCell[]): Partial<Record<CellState, number>> {
  // Counted on one object of a fixed shape (a map growing keys in each group's own order is several times slower).
  const all: Record<CellState, number> = {
    ready: 0,
    updating: 0,
    recreating: 0,
    "preparing-update": 0,
    "preparing-delete": 0,
    "not-ready": 0,
    failing: 0,
    terminating: 0,
  };
  for (const x of cells) all[x.state]++;
  const c: Partial<Record<CellState, number>> = {};
  for (const s of CELL_STATES) if (all[s]) c[s] = all[s];
  return c;
}

export function countsText(counts: Partial<Record<CellState, number>>): string {
  return CELL_STATES.filter((s) => counts[s])
    .map((s) => `${counts[s]} ${CELL_WORD[s]}`)
    .join(", ");
}

function podCell(p: PodRow, isUpdate: boolean): PodCell {
  const state = cellState(p, isUpdate);
  const of = p.inPlace ? p.inPlace.batchesDone.length + (p.inPlace.pendingContainers.length ? 1 : 0) : 0;
  let line: string | undefined;
  return {
    name: p.name,
    state,
    batch: { done: p.inPlace?.batchesDone.length ?? 0, of },
    // Read for the one pod under the pointer or when the list is opened: 5,000 lines built up front would be
    // most of the map's first render.
    get line() {
      return (line ??= podLine(p));
    },
  };
}

// Rows are values (./row-cache.ts reuses one per unchanged pod), so a cell follows from its row and group once.
const cells = new WeakMap<PodRow, { isUpdate: boolean; cell: PodCell }>();

function cachedCell(p: PodRow, isUpdate: boolean): PodCell {
  const hit = cells.get(p);
  if (hit && hit.isUpdate === isUpdate) return hit.cell;
  const cell = podCell(p, isUpdate);
  cells.set(p, { isUpdate, cell });
  return cell;
}

/** The map from the detail's pod groups (already update revision first, see ./pods.ts podsByRevision). */
export function podMap(groups: PodGroup[]): PodMapModel {
  const out: PodMapGroup[] = groups.map((g) => {
    const cells = g.pods.map((p) => cachedCell(p, g.isUpdate));
    return { revision: g.revision, isUpdate: g.isUpdate, isCurrent: g.isCurrent, cells, counts: tally(cells) };
  });
  // Update revision first whatever the revision numbers say.
  out.sort((a, b) => Number(b.isUpdate) - Number(a.isUpdate));
  const all = out.flatMap((g) => g.cells);
  const counts = tally(all);
  return {
    groups: out,
    counts,
    total: all.length,
    summary: all.length ? `${plural(all.length, "pod")}: ${countsText(counts)}` : "no pods",
  };
}
