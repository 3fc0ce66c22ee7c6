import "server-only";
import type { KruiseRolloutAction, KruiseRolloutBase } from "@/lib/k8s/wire";
import { httpErrors } from "../errors";
import { validateObjectName } from "../validate";

// A Kruise Rollout intent as the CloneSet page posts it (docs/architecture.md §4): which Rollout, for which
// CloneSet, what to do, and what the page showed when the user decided.

const ACTIONS: readonly KruiseRolloutAction[] = ["approve", "pause", "resume", "jump", "disable"];

export interface KruiseRolloutIntent {
  action: KruiseRolloutAction;
  /** the CloneSet the page shows; the Rollout must name it in workloadRef */
  cloneSet: string;
  base: KruiseRolloutBase;
  /** jump: the 1-based step to go to */
  to?: number;
  preview: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** Validates a posted Rollout intent; every failure is a 400 naming the field. */
export function parseKruiseRolloutIntent(body: unknown): KruiseRolloutIntent {
  if (!isObj(body))
    throw httpErrors.badRequest("the body must be a JSON object { action, cloneSet, base, to?, preview? }");
  const action = body.action as KruiseRolloutAction;
  if (!ACTIONS.includes(action)) throw httpErrors.badRequest(`action must be one of ${ACTIONS.join(", ")}`, "action");
  if (typeof body.cloneSet !== "string")
    throw httpErrors.badRequest("cloneSet (the CloneSet the page shows) is required", "cloneSet");
  const cloneSet = validateObjectName(body.cloneSet);
  const b = body.base;
  if (!isObj(b) || !isInt(b.generation) || !isInt(b.step))
    throw httpErrors.badRequest(
      "base { generation, step } (the Rollout as the page showed it) is required",
      "base.generation",
    );
  const base: KruiseRolloutBase = { generation: b.generation, step: b.step };
  if (typeof b.paused === "boolean") base.paused = b.paused;
  if (typeof b.disabled === "boolean") base.disabled = b.disabled;
  let to: number | undefined;
  if (action === "jump") {
    if (!isInt(body.to) || body.to < 1) throw httpErrors.badRequest("to must be a step number (1, 2, …)", "to");
    to = body.to;
  }
  return { action, cloneSet, base, ...(to !== undefined ? { to } : {}), preview: body.preview === true };
}
