// In-place update of one pod: state annotation, grace period, container batches, completion
// (docs/kruise-rules.md §7.3–7.6). Functions return the new pod object; callers PUT it.
import type { InPlaceUpdateSpec, MetaPatch } from "./spec";
import type { Container, Pod } from "../../k8s/objects";
import {
  ANNOTATION_INPLACE_GRACE,
  ANNOTATION_INPLACE_STATE,
  LABEL_POD_TEMPLATE_HASH,
  LABEL_REVISION_HASH,
} from "../core/names";
import { revisionHashPart } from "../core/pod-state";

/** apps.kruise.io/inplace-update-state (apis/apps/pub/inplace_update.go InPlaceUpdateState). */
export interface InPlaceUpdateState {
  revision: string;
  updateTimestamp: string;
  lastContainerStatuses: Record<string, { imageID: string }> | null;
  updateEnvFromMetadata?: boolean;
  updateImages?: boolean;
  nextContainerImages?: Record<string, string>;
  preCheckBeforeNext?: { containersRequiredReady: string[] };
  containerBatchesRecord?: { timestamp: string; containers: string[] }[];
}

/** RFC 3339 seconds in UTC, as metav1.Time marshals. */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

export function readInPlaceState(pod: Pod): InPlaceUpdateState | undefined {
  const raw = pod.metadata.annotations?.[ANNOTATION_INPLACE_STATE];
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as InPlaceUpdateState;
  } catch {
    return undefined;
  }
}

/** Serialises with Go's field order and omitempty rules (first three keys always present). */
export function writeInPlaceState(s: InPlaceUpdateState): string {
  const o: Record<string, unknown> = {
    revision: s.revision,
    updateTimestamp: s.updateTimestamp,
    lastContainerStatuses: s.lastContainerStatuses,
  };
  if (s.updateEnvFromMetadata) o.updateEnvFromMetadata = true;
  if (s.updateImages) o.updateImages = true;
  if (s.nextContainerImages && Object.keys(s.nextContainerImages).length) o.nextContainerImages = s.nextContainerImages;
  if (s.preCheckBeforeNext) o.preCheckBeforeNext = s.preCheckBeforeNext;
  if (s.containerBatchesRecord?.length) o.containerBatchesRecord = s.containerBatchesRecord;
  return JSON.stringify(o);
}

/**
 * Launch priority of a container: env KRUISE_CONTAINER_PRIORITY, or (pod annotation
 * apps.kruise.io/container-launch-priority: Ordered) earlier containers first. undefined = none.
 * Upstream: kruise pkg/util/containerlaunchpriority GetContainerPriority.
 */
export function containerPriority(
  c: Container,
  index: number,
  podAnnotations?: Record<string, string>,
): number | undefined {
  const env = c.env?.find((e) => e.name === "KRUISE_CONTAINER_PRIORITY")?.value;
  if (env !== undefined && /^-?\d+$/.test(env)) return Number(env);
  if (podAnnotations?.["apps.kruise.io/container-launch-priority"] === "Ordered") return -index;
  return undefined;
}

function applyMetaPatch(pod: Pod, patch: MetaPatch | undefined): Pod {
  if (!patch) return pod;
  const merge = (cur: Record<string, string> | undefined, p: Record<string, string | null> | undefined) => {
    if (!p) return cur;
    const out = { ...(cur ?? {}) };
    for (const [k, v] of Object.entries(p))
      if (v === null) delete out[k];
      else out[k] = v;
    return out;
  };
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      labels: merge(pod.metadata.labels, patch.labels),
      annotations: merge(pod.metadata.annotations, patch.annotations),
    },
  };
}

/**
 * Patches the highest-priority group of changed containers (containers without a priority always
 * go now), records the rest in nextContainerImages with preCheckBeforeNext, remembers the old
 * imageIDs and appends a containerBatchesRecord entry.
 * Upstream: inplace_update_defaults.go defaultPatchUpdateSpecToPod.
 */
export function patchSpecToPod(pod: Pod, spec: InPlaceUpdateSpec, state: InPlaceUpdateState, now: number): Pod {
  let out = applyMetaPatch(pod, spec.metaDataPatch);
  const containers = out.spec.containers;
  let best: number | undefined;
  const toUpdate = new Set<string>(),
    top: string[] = [];
  containers.forEach((c, i) => {
    if (!(c.name in spec.containerImages)) return;
    const p = containerPriority(c, i, pod.metadata.annotations);
    if (p === undefined) toUpdate.add(c.name);
    else if (best === undefined || p > best) {
      best = p;
      top.length = 0;
      top.push(c.name);
    } else if (p === best) top.push(c.name);
  });
  top.forEach((n) => toUpdate.add(n));
  const next: Record<string, string> = {};
  const newContainers = containers.map((c) => {
    const img = spec.containerImages[c.name];
    if (img === undefined) return c;
    if (toUpdate.has(c.name)) return { ...c, image: img };
    next[c.name] = img;
    return c;
  });
  const last = { ...(state.lastContainerStatuses ?? {}) };
  for (const cs of out.status?.containerStatuses ?? [])
    if (toUpdate.has(cs.name) && !(cs.name in last)) last[cs.name] = { imageID: cs.imageID };
  const names = [...toUpdate].sort();
  const newState: InPlaceUpdateState = {
    ...state,
    lastContainerStatuses: Object.keys(last).length ? last : null,
    updateImages: state.updateImages || Object.keys(spec.containerImages).length > 0,
    nextContainerImages: Object.keys(next).length ? next : undefined,
    preCheckBeforeNext: Object.keys(next).length ? { containersRequiredReady: names } : undefined,
    containerBatchesRecord: [...(state.containerBatchesRecord ?? []), { timestamp: rfc3339(now), containers: names }],
  };
  out = { ...out, spec: { ...out.spec, containers: newContainers } };
  return withAnnotation(out, ANNOTATION_INPLACE_STATE, writeInPlaceState(newState));
}

function withAnnotation(pod: Pod, key: string, value: string | undefined): Pod {
  const annotations = { ...(pod.metadata.annotations ?? {}) };
  if (value === undefined) delete annotations[key];
  else annotations[key] = value;
  return { ...pod, metadata: { ...pod.metadata, annotations } };
}

function bytesToBase64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out +=
      A[(n >> 18) & 63] +
      A[(n >> 12) & 63] +
      (i + 1 < bytes.length ? A[(n >> 6) & 63] : "=") +
      (i + 2 < bytes.length ? A[n & 63] : "=");
  }
  return out;
}

function base64ToString(b64: string): string {
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const clean = b64.replace(/=+$/, "");
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 4) {
    const n = [0, 1, 2, 3].reduce((acc, k) => (acc << 6) | (i + k < clean.length ? A.indexOf(clean[i + k]) : 0), 0);
    bytes.push((n >> 16) & 255);
    if (i + 2 < clean.length) bytes.push((n >> 8) & 255);
    if (i + 3 < clean.length) bytes.push(n & 255);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Grace annotation JSON (metaDataPatch base64 like a Go []byte). */
export function writeGraceSpec(spec: InPlaceUpdateSpec): string {
  const o: Record<string, unknown> = { revision: spec.revision };
  if (Object.keys(spec.containerImages).length) o.containerImages = spec.containerImages;
  if (spec.metaDataPatch) o.metaDataPatch = bytesToBase64(JSON.stringify({ metadata: spec.metaDataPatch }));
  if (spec.graceSeconds) o.graceSeconds = spec.graceSeconds;
  return JSON.stringify(o);
}

export function readGraceSpec(pod: Pod): InPlaceUpdateSpec | undefined {
  const raw = pod.metadata.annotations?.[ANNOTATION_INPLACE_GRACE];
  if (!raw) return undefined;
  try {
    const o = JSON.parse(raw) as {
      revision: string;
      containerImages?: Record<string, string>;
      metaDataPatch?: string;
      graceSeconds?: number;
    };
    const meta = o.metaDataPatch
      ? (JSON.parse(base64ToString(o.metaDataPatch)) as { metadata?: MetaPatch }).metadata
      : undefined;
    return {
      revision: o.revision,
      containerImages: o.containerImages ?? {},
      metaDataPatch: meta,
      graceSeconds: o.graceSeconds,
    };
  } catch {
    return undefined;
  }
}

/**
 * Starts an in-place update (the pod PUT of §7.3 step 2): revision labels, state annotation, and
 * either the image/metadata patch or — with a grace period — a grace annotation holding the spec.
 * `extra` applies lifecycle labels. Upstream: inplace_update.go Update/updatePodInPlace.
 */
export function startInPlaceUpdate(
  pod: Pod,
  spec: InPlaceUpdateSpec,
  now: number,
  extra?: (p: Pod) => Pod,
  /** CloneSets write `pod-template-hash` too; the other kinds' revision adapter writes only the revision label. */
  templateHashLabel = true,
): Pod {
  let out: Pod = {
    ...pod,
    metadata: {
      ...pod.metadata,
      labels: {
        ...(pod.metadata.labels ?? {}),
        [LABEL_REVISION_HASH]: spec.revision,
        ...(templateHashLabel ? { [LABEL_POD_TEMPLATE_HASH]: revisionHashPart(spec.revision) } : {}),
      },
    },
  };
  if (extra) out = extra(out);
  const state: InPlaceUpdateState = {
    revision: spec.revision,
    updateTimestamp: rfc3339(now),
    lastContainerStatuses: null,
  };
  out = withAnnotation(out, "inplace-update-state", undefined);
  if (!spec.graceSeconds || spec.graceSeconds <= 0) {
    out = withAnnotation(out, ANNOTATION_INPLACE_GRACE, undefined);
    return patchSpecToPod(out, spec, state, now);
  }
  out = withAnnotation(out, ANNOTATION_INPLACE_STATE, writeInPlaceState(state));
  return withAnnotation(out, ANNOTATION_INPLACE_GRACE, writeGraceSpec(spec));
}
