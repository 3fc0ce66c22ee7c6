// The guards of a CloneSet update write (docs/architecture.md §4, docs/kruise-rules.md §11.5): what the page showed.
import type { UpdateBase } from "@/lib/k8s/wire";
import type { JsonObject, JsonValue } from "@/lib/patch/json";

interface Updatable {
  metadata: { generation?: number; resourceVersion?: string };
  spec?: { replicas?: number; updateStrategy?: object | null; template?: object | null } | null;
}

const INT_OR_PERCENT_FIELDS = ["partition", "maxUnavailable", "maxSurge"] as const;
const STRATEGY_FIELDS = [...INT_OR_PERCENT_FIELDS, "paused"] as const;

/**
 * The base of an update: generation, replicas and the update-strategy fields that are set (a null is unset, as
 * Kruise reads it: apis/apps/v1alpha1/cloneset_types.go), and for a rollback the pod template. One function for both sides: the
 * page sends it as what it showed, the server answers it as what is on the cluster now when a guard failed, so the two
 * never describe the same object differently.
 */
export function updateBaseOf(o: Updatable, withTemplate = false): UpdateBase {
  const us = (o.spec?.updateStrategy ?? {}) as Record<string, unknown>;
  const b: UpdateBase = { generation: o.metadata.generation ?? 0 };
  if (o.metadata.resourceVersion !== undefined) b.resourceVersion = o.metadata.resourceVersion;
  for (const k of INT_OR_PERCENT_FIELDS) {
    const v = us[k];
    if (typeof v === "number" || typeof v === "string") b[k] = v;
  }
  if (typeof us.paused === "boolean") b.paused = us.paused;
  if (typeof o.spec?.replicas === "number") b.replicas = o.spec.replicas;
  if (withTemplate && o.spec?.template) b.template = o.spec.template as JsonObject;
  return b;
}

/**
 * The minimal object lib/patch's guarded builders test against: exactly the base, so a field the page showed
 * unset is tested as absent (lib/patch/guarded.ts) and nothing the page did not show is guarded.
 */
export function guardObject(b: UpdateBase): JsonObject {
  const us: Record<string, JsonValue> = {};
  for (const k of STRATEGY_FIELDS) if (b[k] !== undefined) us[k] = b[k] as JsonValue;
  const spec: JsonObject = { updateStrategy: us };
  if (b.replicas !== undefined) spec.replicas = b.replicas;
  if (b.template) spec.template = b.template;
  return { metadata: { generation: b.generation }, spec };
}
