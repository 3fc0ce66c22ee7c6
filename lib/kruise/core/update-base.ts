// The guards of a workload's update write (docs/architecture.md §4, docs/kruise-rules.md §11.5): what the page showed.
import type { UpdateBase } from "@/lib/k8s/wire";
import type { JsonObject, JsonValue } from "@/lib/patch/json";

interface Updatable {
  metadata: { generation?: number; resourceVersion?: string };
  spec?: { replicas?: number; template?: object | null; [field: string]: unknown } | null;
}

/** A CloneSet keeps its strategy fields in spec.updateStrategy; another kind says where (its home's strategy.path). */
const CLONESET_AT: readonly string[] = ["spec", "updateStrategy"];

function strategyAt(o: object, at: readonly string[]): Record<string, unknown> {
  let cur: unknown = o;
  for (const k of at) cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[k] : undefined;
  return cur && typeof cur === "object" ? (cur as Record<string, unknown>) : {};
}

const INT_OR_PERCENT_FIELDS = ["partition", "maxUnavailable", "maxSurge"] as const;
const STRATEGY_FIELDS = [...INT_OR_PERCENT_FIELDS, "paused"] as const;

/**
 * The base of an update: generation, replicas (where the kind has them) and the update-strategy fields that are set
 * at `at` (a null is unset, as Kruise reads it: apis/apps/v1alpha1/cloneset_types.go), and for a rollback the pod
 * template. One function for both sides: the page sends it as what it showed, the server answers it as what is on the
 * cluster now when a guard failed, so the two never describe the same object differently.
 */
export function updateBaseOf(o: Updatable, withTemplate = false, at: readonly string[] = CLONESET_AT): UpdateBase {
  const us = strategyAt(o, at);
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
export function guardObject(b: UpdateBase, at: readonly string[] = CLONESET_AT): JsonObject {
  const us: Record<string, JsonValue> = {};
  for (const k of STRATEGY_FIELDS) if (b[k] !== undefined) us[k] = b[k] as JsonValue;
  const o: JsonObject = { metadata: { generation: b.generation } };
  let cur = o;
  at.forEach((k, i) => {
    cur[k] = i === at.length - 1 ? us : ((cur[k] as JsonObject | undefined) ?? {});
    cur = cur[k] as JsonObject;
  });
  const spec = (o.spec ??= {}) as JsonObject;
  if (b.replicas !== undefined) spec.replicas = b.replicas;
  if (b.template) spec.template = b.template;
  return o;
}
