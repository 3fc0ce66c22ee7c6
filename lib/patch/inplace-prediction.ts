// Will a template change be applied in place or recreate pods, and to how many (docs/kruise-rules.md §7.1)?
import { diffTemplatesInPlace, isPodTemplate } from "@/lib/kruise/inplace/spec";
import { partitionReplicas } from "@/lib/kruise/core/partition";
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json";

export interface ContainerChange {
  name: string;
  change: "image" | "resources" | "env-from-metadata";
  from?: JsonValue;
  to?: JsonValue;
}

export interface InPlacePrediction {
  /** "none": the template is unchanged, no pod is touched. "blocked": InPlaceOnly with a change that needs recreate. */
  mode: "none" | "in-place" | "recreate" | "blocked";
  /** True when the template change itself qualifies for in-place update, whatever the strategy. */
  inPlaceCapable: boolean;
  /** Why the change cannot go in place (readable field paths). */
  reasons: string[];
  containers: ContainerChange[];
  metadataChanged: boolean;
  replicas: number;
  /** Pods the partition keeps on old revisions; error when the partition cannot be parsed. */
  partitionReplicas: number;
  partitionError?: string;
  /** Pods the change will reach: replicas − partitionReplicas (status.expectedUpdatedReplicas). */
  podsToUpdate: number;
  /** Of those, pods that exist now and are updated (in place or recreated) */
  existingToUpdate: number;
  /** Of those, pods a scale-out creates on the new revision (never "updated in place": they do not exist yet) */
  createdToUpdate: number;
  summary: string;
}

export interface Gates {
  /** Default on since v1.4: env vars from template labels/annotations restart just their container. */
  InPlaceUpdateEnvFromMetadata?: boolean;
  /** Default off: cpu/memory resource changes in place. */
  InPlaceWorkloadVerticalScaling?: boolean;
}

const obj = (v: JsonValue | undefined): JsonObject => (isObject(v) ? v : {});

/**
 * How a kind other than the CloneSet reads the edited object: its update policy in the CloneSet's words
 * (ReCreate / InPlaceIfPossible / InPlaceOnly) and how many pods its partition lets the change reach.
 */
export interface StrategyReading {
  type: string;
  replicas: number;
  podsToUpdate: number;
}

/**
 * Predict how Kruise applies the template change from `base` to `edited` (CloneSet JSON; another kind's with the
 * `reading` of its own strategy: an Advanced StatefulSet's podUpdatePolicy and ordinal partition, an Advanced
 * DaemonSet's rollingUpdateType and nodes). In place
 * only if every difference is template metadata, a container image replace, or (gate
 * InPlaceWorkloadVerticalScaling) container cpu/memory resources; metadata keys read by env
 * fieldRefs restart their containers (gate InPlaceUpdateEnvFromMetadata). Strategy ReCreate always
 * recreates, InPlaceIfPossible falls back to recreate, InPlaceOnly is blocked. Cross-checked with
 * lib/kruise/inplace-spec.ts diffTemplatesInPlace (the sandbox controller's rule). Upstream: kruise pkg/util/inplaceupdate/
 * inplace_update_defaults.go defaultCalculateInPlaceUpdateSpec; partition: pkg/util/tools.go.
 */
export function predictInPlace(
  base: JsonObject,
  edited: JsonObject,
  gates: Gates = {},
  reading?: StrategyReading,
): InPlacePrediction {
  const oldT = obj(obj(base.spec).template);
  const newT = obj(obj(edited.spec).template);
  const spec = obj(edited.spec);
  const replicas = reading?.replicas ?? (typeof spec.replicas === "number" ? spec.replicas : 1);
  const p = reading
    ? { value: replicas - reading.podsToUpdate, error: undefined }
    : partitionReplicas(obj(spec.updateStrategy).partition as number | string | undefined, replicas);
  const podsToUpdate = p.error ? 0 : replicas - p.value;
  // A scale-out in the same edit creates its pods on the new revision first (calculateDiffsWithExpectation: the old
  // revision only gets what the partition keeps), so they count towards the pods on it without being updated.
  const existing = existingPods(base, reading);
  const createdToUpdate = Math.min(Math.max(replicas - existing, 0), podsToUpdate);
  const counts = {
    replicas,
    partitionReplicas: p.value,
    partitionError: p.error,
    podsToUpdate,
    existingToUpdate: Math.min(podsToUpdate - createdToUpdate, existing),
    createdToUpdate,
  };
  if (deepEqual(oldT, newT)) {
    return {
      mode: "none",
      inPlaceCapable: true,
      reasons: [],
      containers: [],
      metadataChanged: false,
      ...counts,
      summary: "The pod template is unchanged: no pod will be updated.",
    };
  }
  const metadataChanged = !deepEqual(oldT.metadata, newT.metadata);
  const { reasons, containers } = compareSpecs(obj(oldT.spec), obj(newT.spec), gates);
  if (metadataChanged && gates.InPlaceUpdateEnvFromMetadata !== false)
    containers.push(...envFromMetadata(oldT, newT, containers));
  // lib/kruise's rule is what the sandbox controller applies; without the vertical-scaling gate
  // it is the authority, and our walk only adds detail (all reasons, env-from-metadata restarts).
  if (!gates.InPlaceWorkloadVerticalScaling && isPodTemplate(oldT) && isPodTemplate(newT)) {
    const rule = diffTemplatesInPlace(oldT, newT);
    if (!rule.inPlace && reasons.length === 0) reasons.push(rule.reason ?? "spec.template.spec");
  }
  const capable = reasons.length === 0;
  const type = reading?.type ?? String(obj(spec.updateStrategy).type ?? "ReCreate");
  const mode =
    type === "ReCreate" ? "recreate" : capable ? "in-place" : type === "InPlaceOnly" ? "blocked" : "recreate";
  return {
    mode,
    inPlaceCapable: capable,
    reasons,
    containers,
    metadataChanged,
    ...counts,
    summary: summarize(mode, type, reasons, counts.existingToUpdate, counts.createdToUpdate),
  };
}

/**
 * The pods there are now: the status's count, else the replicas the object asked for before the edit (a kind read
 * through `reading` without status.replicas, an Advanced DaemonSet, has one pod per node it places: no scale-out).
 */
function existingPods(base: JsonObject, reading?: StrategyReading): number {
  const st = obj(base.status);
  if (typeof st.replicas === "number") return st.replicas;
  if (reading) return reading.replicas;
  const r = obj(base.spec).replicas;
  return typeof r === "number" ? r : 1;
}

const podsText = (n: number) => `${n} pod${n === 1 ? "" : "s"}`;

function summarize(
  mode: InPlacePrediction["mode"],
  type: string,
  reasons: string[],
  pods: number,
  created: number,
): string {
  const n = podsText(pods);
  const more = created ? ` ${podsText(created)} ${created === 1 ? "is" : "are"} created at the new revision.` : "";
  if (mode === "in-place") return `Applied in place to ${n} (same pods, containers restarted).${more}`;
  if (mode === "blocked") return `InPlaceOnly cannot apply this change (${reasons.join(", ")}): the update will fail.`;
  if (type === "ReCreate") return `Recreates ${n} (update strategy ReCreate).${more}`;
  return `Recreates ${n}: ${reasons.join(", ")} cannot change in place.${more}`;
}

function compareSpecs(
  a: JsonObject,
  b: JsonObject,
  gates: Gates,
): { reasons: string[]; containers: ContainerChange[] } {
  const reasons: string[] = [];
  const containers: ContainerChange[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (k === "containers" || deepEqual(a[k], b[k])) continue;
    reasons.push(`spec.template.spec.${k}`);
  }
  const ca = Array.isArray(a.containers) ? a.containers.map(obj) : [];
  const cb = Array.isArray(b.containers) ? b.containers.map(obj) : [];
  if (ca.length !== cb.length || ca.some((c, i) => c.name !== cb[i].name)) {
    reasons.push("spec.template.spec.containers (added, removed or reordered)");
    return { reasons, containers };
  }
  ca.forEach((c, i) => compareContainer(c, cb[i], gates, reasons, containers));
  return { reasons, containers };
}

function compareContainer(a: JsonObject, b: JsonObject, gates: Gates, reasons: string[], out: ContainerChange[]): void {
  const name = String(b.name);
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (deepEqual(a[k], b[k])) continue;
    if (k === "image" && typeof a.image === "string" && typeof b.image === "string")
      out.push({ name, change: "image", from: a.image, to: b.image });
    else if (
      k === "resources" &&
      gates.InPlaceWorkloadVerticalScaling &&
      onlyCpuMemory(obj(a.resources), obj(b.resources))
    )
      out.push({ name, change: "resources", from: a.resources, to: b.resources });
    else reasons.push(`spec.template.spec.containers[name=${name}].${k}`);
  }
}

function onlyCpuMemory(a: JsonObject, b: JsonObject): boolean {
  const keys = (x: JsonObject) => [...Object.keys(obj(x.requests)), ...Object.keys(obj(x.limits))];
  const other = (x: JsonObject) => Object.keys(x).some((k) => k !== "requests" && k !== "limits");
  return !other(a) && !other(b) && [...keys(a), ...keys(b)].every((k) => k === "cpu" || k === "memory");
}

// Containers whose env reads a changed template label/annotation via fieldRef.
function envFromMetadata(oldT: JsonObject, newT: JsonObject, already: ContainerChange[]): ContainerChange[] {
  const changed = new Set<string>();
  for (const kind of ["labels", "annotations"] as const) {
    const x = obj(obj(oldT.metadata)[kind]);
    const y = obj(obj(newT.metadata)[kind]);
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
      if (x[k] !== y[k]) changed.add(`metadata.${kind}['${k}']`);
  }
  const containers = Array.isArray(obj(newT.spec).containers)
    ? (obj(newT.spec).containers as JsonValue[]).map(obj)
    : [];
  const out: ContainerChange[] = [];
  for (const c of containers) {
    const refs = (Array.isArray(c.env) ? c.env.map(obj) : [])
      .map((e) => obj(obj(e.valueFrom).fieldRef).fieldPath)
      .filter((f) => typeof f === "string")
      .map((f) => String(f).replace(/"/g, "'"));
    const hit = refs.find((r) => changed.has(r));
    if (hit && !already.some((a) => a.name === c.name && a.change === "env-from-metadata"))
      out.push({ name: String(c.name), change: "env-from-metadata", to: hit });
  }
  return out;
}
