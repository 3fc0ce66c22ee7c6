/**
 * The CloneSet's ControllerRevisions for the detail page (docs/kruise-rules.md §6, §10).
 */
import { age, sameRevision, shortHash } from "./format";
import { ownedBy, type PodRow } from "./pods";
import type { ViewWorkload, ViewRevision } from "./types";

export interface RevisionRow {
  name: string;
  revision: number;
  isCurrent: boolean;
  isUpdate: boolean;
  images: { container: string; image: string }[];
  created: string;
  age: string;
  /** Active pods whose controller-revision-hash names this revision. */
  pods: number;
}

/** Images in a revision's `data` ({"spec":{"template":{"$patch":"replace",…}}}, docs/kruise-rules.md §6.1). */
export function revisionImages(data: unknown): { container: string; image: string }[] {
  let d = data;
  if (typeof d === "string") {
    try {
      d = JSON.parse(d);
    } catch {
      return [];
    }
  }
  const containers = (d as { spec?: { template?: { spec?: { containers?: unknown } } } } | null)?.spec?.template?.spec
    ?.containers;
  if (!Array.isArray(containers)) return [];
  return containers
    .filter((c): c is { name?: unknown; image?: unknown } => !!c && typeof c === "object")
    .map((c) => ({ container: String(c.name ?? ""), image: String(c.image ?? "") }));
}

/**
 * Revisions owned by the CloneSet, newest `.revision` first; names can be reused after a rollback,
 * so the order comes from `.revision`, never from names or creation times (cloneset_controller.go: getActiveRevisions).
 */
export function revisionsView(cs: ViewWorkload, revisions: ViewRevision[], pods: PodRow[], now: Date): RevisionRow[] {
  const st = cs.status ?? {};
  // Active pods by revision hash, in one pass over the pods (not one per revision).
  const byHash = new Map<string, number>();
  for (const p of pods) {
    if (p.terminating || !p.revision) continue;
    const h = shortHash(p.revision);
    byHash.set(h, (byHash.get(h) ?? 0) + 1);
  }
  return ownedBy(revisions, cs)
    .map((r) => {
      const name = r.metadata?.name ?? "";
      return {
        name,
        revision: r.revision ?? 0,
        isCurrent: sameRevision(name, st.currentRevision),
        isUpdate: sameRevision(name, st.updateRevision),
        images: revisionImages(r.data),
        created: r.metadata?.creationTimestamp ?? "",
        age: age(r.metadata?.creationTimestamp, now),
        pods: name ? (byHash.get(shortHash(name)) ?? 0) : 0,
      };
    })
    .sort((a, b) => b.revision - a.revision || a.name.localeCompare(b.name));
}
