// What a template change can do in place (docs/kruise-rules.md §7.1).
import { goMarshal } from "../revision/gojson";
import type { Container, ControllerRevision, PodTemplateSpec } from "../../k8s/objects";

export type MetaPatch = { labels?: Record<string, string | null>; annotations?: Record<string, string | null> };

/** UpdateSpec of kruise pkg/util/inplaceupdate (what the grace annotation stores). */
export interface InPlaceUpdateSpec {
  revision: string;
  containerImages: Record<string, string>;
  metaDataPatch?: MetaPatch;
  graceSeconds?: number;
}

export function templateFromRevision(rev: ControllerRevision | undefined): PodTemplateSpec | undefined {
  const data = rev?.data as { spec?: { template?: PodTemplateSpec } } | undefined;
  return data?.spec?.template;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isStringMap = (v: unknown) =>
  v === undefined || (isRecord(v) && Object.values(v).every((x) => typeof x === "string"));
const isContainer = (c: unknown) =>
  isRecord(c) && typeof c.name === "string" && (c.image === undefined || typeof c.image === "string");

/**
 * Whether a JSON value (a template a user edited, say) has the parts of a pod template diffTemplatesInPlace
 * reads: label and annotation maps of strings, and containers with a name and a string image.
 */
export function isPodTemplate(v: unknown): v is PodTemplateSpec {
  if (!isRecord(v)) return false;
  const { metadata, spec } = v;
  if (
    metadata !== undefined &&
    !(isRecord(metadata) && isStringMap(metadata.labels) && isStringMap(metadata.annotations))
  )
    return false;
  if (spec === undefined) return true;
  if (!isRecord(spec)) return false;
  return spec.containers === undefined || (Array.isArray(spec.containers) && spec.containers.every(isContainer));
}

function mapDiff(
  a: Record<string, string> = {},
  b: Record<string, string> = {},
): Record<string, string | null> | undefined {
  const out: Record<string, string | null> = {};
  for (const k of Object.keys(a)) if (!(k in b)) out[k] = null;
  for (const [k, v] of Object.entries(b)) if (a[k] !== v) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

function stripImages(cs: Container[] | undefined): unknown {
  return (cs ?? []).map((c) => {
    const rest: Record<string, unknown> = { ...c };
    delete rest.image;
    return rest;
  });
}

export interface InPlaceDiff {
  inPlace: boolean;
  /** Container name → new image (regular containers only). */
  containerImages: Record<string, string>;
  metaDataPatch?: MetaPatch;
  /** Why it cannot be done in place (first offending field), when inPlace is false. */
  reason?: string;
}

/**
 * Diff two pod templates the way Kruise does: only `replace` of containers[i].image and any
 * metadata label/annotation change may go in place; anything else (env, ports, resources,
 * init containers, adding/removing/reordering containers…) needs a recreate.
 * Simplification: env-from-metadata (containerRefMetadata) is treated as a plain metadata change.
 * Upstream: kruise pkg/util/inplaceupdate/inplace_update_defaults.go defaultCalculateInPlaceUpdateSpec.
 */
export function diffTemplatesInPlace(oldT: PodTemplateSpec, newT: PodTemplateSpec): InPlaceDiff {
  const oc = oldT.spec?.containers ?? [],
    nc = newT.spec?.containers ?? [];
  const oRest: Record<string, unknown> = { ...(oldT.spec ?? {}) },
    nRest: Record<string, unknown> = { ...(newT.spec ?? {}) };
  delete oRest.containers;
  delete nRest.containers;
  if (goMarshal(oRest) !== goMarshal(nRest))
    return { inPlace: false, containerImages: {}, reason: firstDiffKey(oRest, nRest, "spec") };
  if (oc.length !== nc.length)
    return { inPlace: false, containerImages: {}, reason: "spec.containers (added or removed)" };
  if (goMarshal(stripImages(oc)) !== goMarshal(stripImages(nc))) {
    const i = oc.findIndex((c, k) => goMarshal(stripImages([c])) !== goMarshal(stripImages([nc[k]])));
    return { inPlace: false, containerImages: {}, reason: firstDiffKey(oc[i], nc[i], `spec.containers[${i}]`) };
  }
  const containerImages: Record<string, string> = {};
  oc.forEach((c, i) => {
    if (c.image !== nc[i].image) {
      if (c.image === undefined || nc[i].image === undefined) return;
      containerImages[c.name] = nc[i].image!;
    }
  });
  if (oc.some((c, i) => (c.image === undefined) !== (nc[i].image === undefined))) {
    return { inPlace: false, containerImages: {}, reason: "spec.containers[].image (added or removed)" };
  }
  const labels = mapDiff(oldT.metadata?.labels, newT.metadata?.labels);
  const annotations = mapDiff(oldT.metadata?.annotations, newT.metadata?.annotations);
  const metaDataPatch =
    labels || annotations ? { ...(labels && { labels }), ...(annotations && { annotations }) } : undefined;
  return { inPlace: true, containerImages, metaDataPatch };
}

function firstDiffKey(a: unknown, b: unknown, path: string): string {
  const ao = (a ?? {}) as Record<string, unknown>,
    bo = (b ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])].sort();
  const k = keys.find((key) => goMarshal(ao[key]) !== goMarshal(bo[key]));
  return k ? `${path}.${k}` : path;
}

/**
 * UpdateSpec for moving a pod from `oldRev` to `newRev` in place, or null when it needs a
 * recreate (including a missing old revision, as upstream). Upstream: inplace_update.go
 * CanUpdateInPlace / calculateInPlaceUpdateSpec.
 */
export function calculateInPlaceUpdateSpec(
  oldRev: ControllerRevision | undefined,
  newRev: ControllerRevision,
  graceSeconds = 0,
): InPlaceUpdateSpec | null {
  const o = templateFromRevision(oldRev),
    n = templateFromRevision(newRev);
  if (!o || !n) return null;
  const d = diffTemplatesInPlace(o, n);
  if (!d.inPlace) return null;
  return {
    revision: newRev.metadata.name ?? "",
    containerImages: d.containerImages,
    ...(d.metaDataPatch && { metaDataPatch: d.metaDataPatch }),
    ...(graceSeconds > 0 && { graceSeconds }),
  };
}
