// The body of every write, as one schema each (docs/architecture.md §4). The server parses with them
// (lib/server/write/body.ts: a 400 naming the field to fix); the browser imports only the types inferred from them
// (`import type`), so zod never reaches its bundle.
import { z } from "zod";
import type { ConflictChoice, KruiseRolloutAction, UpdateAction } from "@/lib/k8s/wire";
import { isObject, type JsonObject } from "@/lib/patch/json";

/** A DNS-1123 subdomain (apimachinery pkg/util/validation IsDNS1123Subdomain): object names, pod names. */
export const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** A DNS-1123 label (IsDNS1123Label): namespaces. */
export const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

const INT_OR_PERCENT = /^\d+(\.\d+)?%$/;
/** int ≥ 0 or "p%": the webhook's grammar (docs/kruise-rules.md §2.3). */
const isIntOrPercent = (v: unknown): v is number | string =>
  (typeof v === "number" && Number.isInteger(v) && v >= 0) || (typeof v === "string" && INT_OR_PERCENT.test(v));
/** What was sent, for a message: a short scalar as JSON, a list or an object by its kind (never walked: it may nest 400,000 deep). */
function shown(v: unknown): string {
  if (Array.isArray(v)) return "a list";
  if (v !== null && typeof v === "object") return "an object";
  if (typeof v === "string") return JSON.stringify(v.slice(0, 60)) + (v.length > 60 ? "…" : "");
  return String(v);
}
const intOrPercent = (field: string) =>
  z.custom<number | string>(isIntOrPercent, {
    error: (iss) => `${field} must be a non-negative integer or a percentage like "25%" (got ${shown(iss.input)})`,
  });
/** Absent and null are the same: the field is unset. */
const optionalIntOrPercent = (field: string) =>
  intOrPercent(field)
    .nullish()
    .transform((v) => v ?? undefined);

const jsonObject = z.custom<JsonObject>(isObject, { error: "base and mine must be objects" });
const flag = z.boolean().optional();

/** What the page showed of a CloneSet when the user decided: the guards of an update (lib/kruise/core/update-base.ts). */
export const updateBase = z.object(
  {
    generation: z.number({ error: "base.generation (the generation the page showed) is required" }).int(),
    resourceVersion: z.string().optional(),
    partition: optionalIntOrPercent("base.partition"),
    paused: flag,
    maxUnavailable: optionalIntOrPercent("base.maxUnavailable"),
    maxSurge: optionalIntOrPercent("base.maxSurge"),
    replicas: z.number({ error: "base.replicas must be the replica count the page showed" }).int().optional(),
    template: z.custom<JsonObject>(isObject, { error: "base.template must be a pod template object" }).optional(),
  },
  { error: "base { generation, … } (what the page showed) is required" },
);

const POD_NAMES_MAX = 10_000;
/** What a partition preview told the user (lib/k8s/wire.ts PreviewMoves). */
const moves = z
  .object(
    {
      count: z
        .number({ error: "moves.count must be a non-negative integer (the pods the preview said move)" })
        .int()
        .nonnegative({ error: "moves.count must be a non-negative integer (the pods the preview said move)" }),
      pods: z
        .array(z.string().max(253).regex(DNS1123_SUBDOMAIN, { error: "moves.pods holds a name that is no pod name" }), {
          error: `moves.pods must be a list of at most ${POD_NAMES_MAX} pod names (the pods the preview showed)`,
        })
        .max(POD_NAMES_MAX, {
          error: `moves.pods must be a list of at most ${POD_NAMES_MAX} pod names (the pods the preview showed)`,
        }),
    },
    { error: "moves must be { count, pods } (what the preview showed)" },
  )
  .nullish()
  .transform((v) => v ?? undefined);

const limitValue = z
  .object(
    {
      maxUnavailable: intOrPercent("value.maxUnavailable").nullable().optional(),
      maxSurge: intOrPercent("value.maxSurge").nullable().optional(),
    },
    { error: "value must be { maxUnavailable?, maxSurge? }" },
  )
  .refine((v) => v.maxUnavailable !== undefined || v.maxSurge !== undefined, {
    error: "value changes neither maxUnavailable nor maxSurge",
  });

const common = { base: updateBase, preview: flag };
const ACTIONS: readonly UpdateAction[] = ["partition", "pause", "resume", "limits", "rollback", "replicas"];

const replicasValue = z
  .number({ error: "value must be a replica count: a whole number, 0 or more" })
  .int({ error: "value must be a replica count: a whole number, 0 or more" })
  .nonnegative({ error: "value must be a replica count: a whole number, 0 or more" });

/** POST …/clonesets/<name>/update: a CloneSet update intent (partition, pause, resume, limits, rollback, replicas). */
export const updateBody = z
  .discriminatedUnion(
    "action",
    [
      z.object({ action: z.literal("partition"), ...common, value: intOrPercent("value"), moves }),
      z.object({ action: z.literal(["pause", "resume"]), ...common }),
      z.object({ action: z.literal("limits"), ...common, value: limitValue }),
      z.object({ action: z.literal("replicas"), ...common, value: replicasValue }),
      z.object({
        action: z.literal("rollback"),
        ...common,
        value: z.string({ error: "value must be the ControllerRevision name" }).min(1, {
          error: "value must be the ControllerRevision name",
        }),
        // partition 0 in the same request, so no pod stays on the revision rolled back from (§6.6)
        everyPod: z
          .boolean({ error: "everyPod must be true (partition 0 too) or false (keep the partition)" })
          .optional(),
      }),
    ],
    { error: `action must be one of ${ACTIONS.join(", ")}` },
  )
  .superRefine((b, ctx) => {
    if (b.action === "rollback" && !b.base.template)
      ctx.addIssue({
        code: "custom",
        path: ["base", "template"],
        message: "base.template (the pod template the page showed) is required for a rollback",
      });
    if (b.action === "replicas" && b.base.replicas === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["base", "replicas"],
        message: "base.replicas (the replica count the page showed) is required to change replicas",
      });
  });

/**
 * POST …/clonesets/<name>/rollback: roll the pod template back to one of the CloneSet's revisions; with `everyPod`,
 * partition 0 in the same request, so no pod stays on the revision rolled back from (docs/kruise-rules.md §6.6).
 */
export const rollbackBody = z
  .object(
    {
      revision: z
        .string({ error: "revision must be the ControllerRevision name" })
        .max(253)
        .regex(DNS1123_SUBDOMAIN, { error: "revision must be a ControllerRevision name (a DNS-1123 subdomain)" }),
      everyPod: z.boolean({ error: "everyPod must be true (partition 0 too) or false (keep the partition)" }),
      base: updateBase,
      preview: flag,
    },
    { error: "body must be { revision, everyPod, base, preview? }" },
  )
  .superRefine((b, ctx) => {
    if (!b.base.template)
      ctx.addIssue({
        code: "custom",
        path: ["base", "template"],
        message: "base.template (the pod template the page showed) is required for a rollback",
      });
  });

const KRUISE_ROLLOUT_ACTIONS: readonly KruiseRolloutAction[] = ["approve", "pause", "resume", "jump", "disable"];

/**
 * POST …/rollouts/<name>/action: an action on a Kruise Rollout, for the workload the page shows (`cloneSet` names
 * it; `kind` says which kind when it is an Advanced StatefulSet).
 */
export const kruiseRolloutBody = z
  .object({
    action: z.enum(KRUISE_ROLLOUT_ACTIONS as [KruiseRolloutAction, ...KruiseRolloutAction[]], {
      error: `action must be one of ${KRUISE_ROLLOUT_ACTIONS.join(", ")}`,
    }),
    cloneSet: z
      .string({ error: "cloneSet (the CloneSet the page shows) is required" })
      .max(253)
      .regex(DNS1123_SUBDOMAIN, { error: "cloneSet must be a CloneSet name (a DNS-1123 subdomain)" }),
    base: z.object(
      {
        generation: z.number().int(),
        /** the 1-based current step the page showed */
        step: z.number().int(),
        paused: flag,
        disabled: flag,
      },
      { error: "base { generation, step } (the Rollout as the page showed it) is required" },
    ),
    /** the kind of the workload the page shows (named by `cloneSet`): CloneSet unless said */
    kind: z
      .enum(["CloneSet", "StatefulSet"], { error: "kind must be CloneSet or StatefulSet (the page's workload kind)" })
      .optional(),
    /** jump: the 1-based step to go to */
    to: z.number().int().min(1, { error: "to must be a step number (1, 2, …)" }).optional(),
    preview: flag,
  })
  .superRefine((b, ctx) => {
    if (b.action === "jump" && b.to === undefined)
      ctx.addIssue({ code: "custom", path: ["to"], message: "to must be a step number (1, 2, …)" });
  });

/** POST …/<resource>/<name>/edit: the YAML editor's save (lib/k8s/wire.ts EditOutcome). */
export const editBody = z.object(
  {
    base: jsonObject,
    mine: jsonObject,
    choices: z
      .custom<Record<string, ConflictChoice>>(
        (v) => isObject(v) && Object.values(v).every((c) => c === "mine" || c === "theirs" || c === "base"),
        { error: "choices must map fields to mine, theirs or base" },
      )
      .optional(),
    /** true: compute the request against the latest object and dry-run it; write nothing */
    preview: flag,
    dryRun: flag,
    /** the body the user reviewed: if the recomputed one differs, nothing is sent and the new one comes back */
    expectBody: z.string({ error: "expectBody must be a string" }).optional(),
  },
  { error: "body must be a JSON object { base, mine, … }" },
);

/** What the browser sends (z.input) and what the server works with once parsed (z.output). */
export type UpdateBody = z.input<typeof updateBody>;
export type UpdateIntent = z.output<typeof updateBody>;
export type RollbackBody = z.input<typeof rollbackBody>;
export type RollbackIntent = z.output<typeof rollbackBody>;
export type KruiseRolloutBody = z.input<typeof kruiseRolloutBody>;
export type KruiseRolloutIntent = z.output<typeof kruiseRolloutBody>;
export type EditBody = z.input<typeof editBody>;
export type EditInput = z.output<typeof editBody>;
