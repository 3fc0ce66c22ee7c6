import "server-only";
import type { PreviewMoves, RolloutAction, RolloutBase as WireRolloutBase } from "@/lib/k8s/wire";
import { assertWithinLimits, type JsonObject, type JsonValue } from "@/lib/patch";
import { httpErrors } from "../errors";

// The rollout intents as posted by the page (docs/architecture.md §4): what to do, the values the
// page showed (the guards), the new value, and whether to only preview the request.

export type { RolloutAction };
const ACTIONS: readonly RolloutAction[] = ["partition", "pause", "resume", "limits", "rollback"];

export type RolloutBase = WireRolloutBase<JsonObject>;

export type Limits = { maxUnavailable?: number | string | null; maxSurge?: number | string | null };

export type { PreviewMoves };

export type RolloutIntent =
  | { action: "partition"; base: RolloutBase; value: number | string; preview: boolean; moves?: PreviewMoves }
  | { action: "pause" | "resume"; base: RolloutBase; preview: boolean }
  | { action: "limits"; base: RolloutBase; value: Limits; preview: boolean }
  | { action: "rollback"; base: RolloutBase; value: string; preview: boolean };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const INT_OR_PERCENT = /^\d+(\.\d+)?%$/;

/** What was sent, for a message: a short scalar as JSON, a list or an object by its kind (never walked: it may nest 400,000 deep). */
function shown(v: unknown): string {
  if (Array.isArray(v)) return "a list";
  if (v !== null && typeof v === "object") return "an object";
  if (typeof v === "string") return JSON.stringify(v.slice(0, 60)) + (v.length > 60 ? "…" : "");
  return String(v);
}

/** int ≥ 0 or "p%" (the webhook's grammar, docs/kruise-rules.md §2.3); anything else is a 400 on `field`. */
function intOrPercent(v: unknown, field: string): number | string {
  if (typeof v === "number" && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === "string" && INT_OR_PERCENT.test(v)) return v;
  throw httpErrors.badRequest(
    `${field} must be a non-negative integer or a percentage like "25%" (got ${shown(v)})`,
    field,
  );
}

function parseBase(v: unknown): RolloutBase {
  if (!isObj(v) || typeof v.generation !== "number" || !Number.isInteger(v.generation)) {
    throw httpErrors.badRequest("base.generation (the generation the page showed) is required", "base.generation");
  }
  const b: RolloutBase = { generation: v.generation };
  if (typeof v.resourceVersion === "string") b.resourceVersion = v.resourceVersion;
  if (v.partition !== undefined && v.partition !== null) b.partition = intOrPercent(v.partition, "base.partition");
  if (typeof v.paused === "boolean") b.paused = v.paused;
  for (const k of ["maxUnavailable", "maxSurge"] as const)
    if (v[k] !== undefined && v[k] !== null) b[k] = intOrPercent(v[k], `base.${k}`);
  if (isObj(v.template)) {
    assertWithinLimits(v.template, "base.template"); // 413 past lib/patch's bounds, before anything walks it
    b.template = v.template as JsonObject;
  }
  return b;
}

/** A DNS-1123 subdomain, as pod names are; at most this many names (a preview lists at most the replicas). */
const POD_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
const MAX_MOVES = 10_000;

/** `moves` (optional): what the preview showed; malformed → a 400 naming the field. */
function parseMoves(v: unknown): PreviewMoves | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObj(v) || typeof v.count !== "number" || !Number.isInteger(v.count) || v.count < 0)
    throw httpErrors.badRequest(
      "moves.count must be a non-negative integer (the pods the preview said move)",
      "moves.count",
    );
  if (
    !Array.isArray(v.pods) ||
    v.pods.length > MAX_MOVES ||
    !v.pods.every((n) => typeof n === "string" && POD_NAME.test(n))
  )
    throw httpErrors.badRequest(
      `moves.pods must be a list of at most ${MAX_MOVES} pod names (the pods the preview showed)`,
      "moves.pods",
    );
  return { count: v.count, pods: v.pods as string[] };
}

function parseLimits(v: unknown): Limits {
  if (!isObj(v)) throw httpErrors.badRequest("value must be { maxUnavailable?, maxSurge? }", "value");
  const out: Limits = {};
  for (const k of ["maxUnavailable", "maxSurge"] as const) {
    if (v[k] === null) out[k] = null;
    else if (v[k] !== undefined) out[k] = intOrPercent(v[k], `value.${k}`);
  }
  if (out.maxUnavailable === undefined && out.maxSurge === undefined)
    throw httpErrors.badRequest("value changes neither maxUnavailable nor maxSurge", "value");
  return out;
}

/** Validates a posted intent; every failure is a typed 400 naming the field. */
export function parseIntent(body: unknown): RolloutIntent {
  if (!isObj(body)) throw httpErrors.badRequest("the body must be a JSON object { action, base, value?, preview? }");
  const action = body.action as RolloutAction;
  if (!ACTIONS.includes(action)) throw httpErrors.badRequest(`action must be one of ${ACTIONS.join(", ")}`, "action");
  const base = parseBase(body.base);
  const preview = body.preview === true;
  switch (action) {
    case "partition": {
      const moves = parseMoves(body.moves);
      return { action, base, value: intOrPercent(body.value, "value"), preview, ...(moves ? { moves } : {}) };
    }
    case "pause":
    case "resume":
      return { action, base, preview };
    case "limits":
      return { action, base, value: parseLimits(body.value), preview };
    case "rollback":
      if (typeof body.value !== "string" || !body.value)
        throw httpErrors.badRequest("value must be the ControllerRevision name", "value");
      if (!base.template)
        throw httpErrors.badRequest(
          "base.template (the pod template the page showed) is required for a rollback",
          "base.template",
        );
      return { action, base, value: body.value, preview };
  }
}

/** The minimal object the lib/patch builders guard against: exactly what the page showed. */
export function guardBase(b: RolloutBase): JsonObject {
  const us: Record<string, JsonValue> = {};
  for (const k of ["partition", "paused", "maxUnavailable", "maxSurge"] as const)
    if (b[k] !== undefined) us[k] = b[k] as JsonValue;
  const spec: JsonObject = { updateStrategy: us };
  if (b.template) spec.template = b.template;
  return { metadata: { generation: b.generation }, spec };
}
