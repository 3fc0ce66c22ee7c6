/**
 * What a CloneSet's pods run, beside what its spec says: the images of the active pods with how many run each, and
 * how many pods are off the update revision. After a rollback with a partition above 0, currentRevision can equal
 * updateRevision (the old revision returns under its own name, docs/kruise-rules.md §6.2, §6.4) while the partition
 * keeps pods on the revision rolled back from: the template's images alone would then hide pods still on the bad
 * image. The list's CURRENT = UPDATE and IMAGES columns and the detail header read this.
 */
import { plural } from "../core/plural";
import { sameRevision } from "./format";
import type { PodRow } from "./pods";
import { isActive } from "./snapshot";
import type { ViewWorkload } from "./types";

export interface RunningImage {
  image: string;
  /** active pods with a container on this image */
  pods: number;
  /** the image is in the CloneSet's pod template */
  inTemplate: boolean;
}

export interface PodsRun {
  /** active pods */
  total: number;
  /** active pods not on the update revision */
  offUpdate: number;
  /** images the pods run: the template's first, in container order, then the others */
  images: RunningImage[];
}

/** What the active pods run (their own spec's images, which an in-place update changes first). */
export function podsRun(cs: ViewWorkload, pods: PodRow[]): PodsRun {
  const template = (cs.spec?.template?.spec?.containers ?? []).map((c) => c.image ?? "").filter(Boolean);
  const counts = new Map<string, number>();
  let total = 0,
    offUpdate = 0;
  for (const p of pods) {
    if (!isActive(p)) continue;
    total++;
    if (!sameRevision(p.revision, cs.status?.updateRevision)) offUpdate++;
    for (const image of new Set(p.containers.map((c) => c.specImage).filter(Boolean)))
      counts.set(image, (counts.get(image) ?? 0) + 1);
  }
  const inTemplate = new Set(template);
  const others = [...counts.keys()].filter((i) => !inTemplate.has(i)).sort();
  const images = [...template.filter((i, k) => template.indexOf(i) === k), ...others].map((image) => ({
    image,
    pods: counts.get(image) ?? 0,
    inTemplate: inTemplate.has(image),
  }));
  return { total, offUpdate, images };
}

/** Images some pods run that the template does not name: "2 pods still on cart:1.5.0". */
export function strayImages(run: PodsRun): string[] {
  return run.images
    .filter((i) => !i.inTemplate && i.pods > 0)
    .map((i) => `${plural(i.pods, "pod")} still on ${i.image}`);
}

/**
 * Whether every pod is where the spec says: currentRevision = updateRevision and no pod off it. Without pods, the
 * status says it (updatedReplicas = replicas); with them, the pods do.
 */
export function podsSynced(cs: ViewWorkload, run: PodsRun | undefined): { synced: boolean; offUpdate: number } {
  const st = cs.status ?? {};
  const offUpdate = run ? run.offUpdate : Math.max((st.replicas ?? 0) - (st.updatedReplicas ?? 0), 0);
  const same = !!st.updateRevision && st.currentRevision === st.updateRevision;
  return { synced: same && offUpdate === 0, offUpdate };
}
