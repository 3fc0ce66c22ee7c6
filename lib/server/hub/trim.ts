import type { K8sObject } from "@/lib/k8s/wire";
import type { KindHome } from "@/lib/kinds";

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === "object" && !Array.isArray(v);

/** metadata without managedFields, or with the entries the kind keeps (its home's `cache.managedFields`). */
function slimMetadata(home: KindHome, md: Rec): Rec {
  if (!("managedFields" in md)) return md;
  const keep = home.cache?.managedFields?.(md.managedFields as never) ?? [];
  if (keep.length) return { ...md, managedFields: keep };
  // A copy rather than `delete`: a V8 object that loses properties turns into a slow dictionary.
  const out: Rec = {};
  for (const k in md) if (k !== "managedFields") out[k] = md[k];
  return out;
}

/**
 * What the console keeps of an object: without `metadata.managedFields` (often half its bytes; a kind may keep some
 * entries, as CloneSets keep who wrote their partition, paused flag or images for the detail's timeline), and what
 * the kind's home trims (a pod's defaulted spec plumbing), so the cache and every frame stay small. Other kinds keep
 * everything else: their YAML and diffs are shown whole. Returns a new object when something was dropped.
 */
export function trim(home: KindHome, obj: K8sObject): K8sObject {
  const md = isRec(obj.metadata) ? slimMetadata(home, obj.metadata) : obj.metadata;
  const kept = md === obj.metadata ? obj : { ...obj, metadata: md as K8sObject["metadata"] };
  return home.cache?.trim ? home.cache.trim(kept) : kept;
}
