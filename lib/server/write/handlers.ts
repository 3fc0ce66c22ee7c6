import "server-only";
import type { WriteOutcome } from "@/lib/k8s/wire";
import type { WriteContext } from "../auth";
import { applyEdit } from "./edit";
import { applyKruiseRollout } from "./kruise-rollout";
import type { WriteTarget } from "./patch";
import { applyRollback } from "./rollback";
import { applyUpdate } from "./update";

/** The logic of one write name a kind's home offers (lib/kinds: `writes`): the audit summary, then the outcome. */
export interface WriteHandler {
  /** what the audit line records of the request, read from the body before it is checked */
  summary(body: Record<string, unknown>): Record<string, unknown>;
  run(ctx: WriteContext, target: WriteTarget): Promise<WriteOutcome>;
}

const present = (body: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

/**
 * Each write name's logic. A kind offers a write by naming it in its home; a kind whose write works like an existing
 * one (an Advanced StatefulSet's update intents) reuses that handler, a new write adds its own here.
 */
export const WRITE_HANDLERS: Readonly<Record<string, WriteHandler>> = {
  update: {
    summary: (b) => ({ intent: b.action, ...present(b, "value"), ...(b.preview === true ? { preview: true } : {}) }),
    run: (ctx, t) => applyUpdate(ctx.actor, t, ctx.body),
  },
  rollback: {
    summary: (b) => ({
      intent: "rollback",
      ...present(b, "revision", "everyPod"),
      ...(b.preview === true ? { preview: true } : {}),
    }),
    run: (ctx, t) => applyRollback(ctx.actor, t, ctx.body),
  },
  action: {
    summary: (b) => ({
      intent: b.action,
      cloneSet: b.cloneSet,
      ...present(b, "to"),
      ...(b.preview === true ? { preview: true } : {}),
    }),
    run: (ctx, t) => applyKruiseRollout(ctx.actor, t.namespace, t.name, ctx.body),
  },
  edit: {
    summary: () => ({ intent: "edit" }),
    run: (ctx, t) => applyEdit(ctx, t),
  },
};
