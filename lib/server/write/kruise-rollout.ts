import "server-only";
import { kruiseRolloutBody, type KruiseRolloutIntent } from "@/lib/contract/bodies";
import type { Rollout } from "@/lib/k8s/objects";
import type { IntentOutcome, K8sObject, WireRequest } from "@/lib/k8s/wire";
import { refersTo } from "@/lib/kruise/kruise-rollout/detect";
import { precondition } from "@/lib/kruise/kruise-rollout/actions";
import { currentStepOf } from "@/lib/kruise/kruise-rollout/strip";
import {
  approveRequest,
  failedTests,
  asJsonObject,
  jumpRequest,
  rolloutDisableRequest,
  rolloutPauseRequest,
  type PatchRequest,
} from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { HttpError } from "../errors";
import { recordEvent } from "./events";
import { parseBody } from "./body";
import { readRollout, rolloutPatchPath, sendRolloutPatch, type RolloutTarget } from "./kruise-rollout-send";

/**
 * How an approve or jump is confirmed: the Rollout controller writes its whole status from an older copy
 * without a conflict check, so an approve landing between its read and its write is undone (the state is
 * StepPaused again at the same step). Watch that long after each send, re-send if undone, at most `attempts`
 * times (docs/kruise-rollouts.md §5.1). Exported so tests may shorten it.
 */
export const settle = { windowMs: 1500, pollMs: 100, attempts: 5 };

const conflict = (message: string, field?: string) =>
  new HttpError({ code: 409, reason: "Conflict", message, ...(field ? { details: { field } } : {}) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Built {
  request: PatchRequest;
  target: RolloutTarget;
  event: { reason: string; message: string };
  /** approve/jump: true when the controller undid the write (same step, old state) */
  undone?: (r: Rollout) => boolean;
  /** approve/jump: true once the Rollout took it (the step moved on) */
  taken?: (r: Rollout) => boolean;
}

function build(r: Rollout, i: KruiseRolloutIntent): Built {
  const t = { namespace: r.metadata.namespace ?? "", name: r.metadata.name };
  const step = currentStepOf(r);
  // As the page showed them: an absent field is guarded as absent.
  const specBase = { generation: i.base.generation, paused: i.base.paused, disabled: i.base.disabled };
  switch (i.action) {
    case "approve":
      return {
        request: approveRequest(step),
        target: { ...t, status: true },
        event: { reason: "RolloutApproved", message: `step ${step} approved` },
        undone: (x) => currentStepOf(x) === step && x.status?.canaryStatus?.currentStepState === "StepPaused",
        taken: (x) =>
          currentStepOf(x) !== step ||
          !["StepPaused", "StepReady"].includes(x.status?.canaryStatus?.currentStepState ?? ""),
      };
    case "jump": {
      const to = i.to ?? 0;
      return {
        request: jumpRequest(step, to),
        target: { ...t, status: true },
        event: { reason: "RolloutStepJump", message: `jump from step ${step} to step ${to}` },
        undone: (x) => currentStepOf(x) === step && x.status?.canaryStatus?.nextStepIndex !== to,
        taken: (x) => currentStepOf(x) === to,
      };
    }
    case "pause":
    case "resume":
      return {
        request: rolloutPauseRequest({ ...specBase, disabled: undefined }, i.action === "pause"),
        target: { ...t, status: false },
        event: {
          reason: i.action === "pause" ? "RolloutPaused" : "RolloutResumed",
          message: `Rollout ${i.action === "pause" ? "paused" : "resumed"}`,
        },
      };
    case "disable":
      return {
        request: rolloutDisableRequest({ generation: i.base.generation, disabled: i.base.disabled }, true),
        target: { ...t, status: false },
        event: { reason: "RolloutDisabled", message: "Rollout disabled" },
      };
  }
}

/** What a send ended with: the Rollout after it, and how many sends it took. */
interface Sent {
  object: K8sObject;
  attempts?: number;
}

/** Send, then watch for the controller undoing it; re-send while it does, up to `settle.attempts` sends. */
async function sendConfirmed(actor: Actor, b: Built, intent: KruiseRolloutIntent): Promise<Sent> {
  let object = await sendRolloutPatch(actor, b.target, b.request);
  if (!b.undone || !b.taken) return { object };
  for (let attempt = 1; ; attempt++) {
    const deadline = Date.now() + settle.windowMs;
    let undone = false;
    while (Date.now() < deadline) {
      await sleep(settle.pollMs);
      const latest = await readRollout(actor, b.target.namespace, b.target.name);
      object = latest;
      if (b.taken(latest)) return { object, attempts: attempt };
      if (b.undone(latest)) {
        undone = true;
        break;
      }
    }
    if (!undone) return { object, attempts: attempt };
    if (attempt >= settle.attempts)
      throw conflict(
        `the Rollout controller put ${intent.action === "approve" ? "StepPaused" : "the old next step"} back after each of ${attempt} sends; check that it is healthy, then try again`,
      );
    object = await sendRolloutPatch(actor, b.target, b.request);
  }
}

/** A failed generation guard on a spec write → 409 saying the Rollout spec changed since the page showed it. */
async function explainSpec422(actor: Actor, b: Built, e: HttpError): Promise<never> {
  const latest = await readRollout(actor, b.target.namespace, b.target.name);
  const failed = failedTests(b.request.body, asJsonObject(latest));
  if (failed.length === 0) throw e;
  throw conflict(
    `the Rollout changed on the cluster since you previewed it (${failed.map((f) => f.path.slice(1).replace(/\//g, ".")).join(", ")}): look again and retry`,
    failed[0].path.slice(1).replace(/\//g, "."),
  );
}

/**
 * POST …/rollouts/<name>/action: re-read the Rollout as the user, refuse one that does not manage the
 * page's workload, a CloneSet or an Advanced StatefulSet (400), refuse an action its state does not allow or a step that moved on since the page
 * showed it (409 with the reason), then preview or send the exact request and record an Event on the Rollout.
 */
export async function applyKruiseRollout(
  actor: Actor,
  namespace: string,
  name: string,
  body: unknown,
): Promise<IntentOutcome> {
  const intent = parseBody(kruiseRolloutBody, body, "{ action, cloneSet, kind?, base, to?, preview? }");
  const r = await readRollout(actor, namespace, name);
  const kind = intent.kind ?? "CloneSet";
  if (!refersTo(r, { metadata: { name: intent.cloneSet, namespace } }, kind))
    throw new HttpError({
      code: 400,
      reason: "BadRequest",
      message: `Rollout ${namespace}/${name} does not manage ${kind} ${namespace}/${intent.cloneSet}`,
      details: { field: "cloneSet" },
    });
  const step = currentStepOf(r);
  if ((intent.action === "approve" || intent.action === "jump") && step !== intent.base.step)
    throw conflict(`the Rollout moved from step ${intent.base.step} to step ${step} since the page showed it`, "step");
  const pre = precondition(r, intent.action, intent.to);
  if (!pre.ok) throw conflict(`cannot ${intent.action}: ${pre.reason}`, "status.canaryStatus.currentStepState");
  const b = build(r, intent);
  const request: WireRequest = { ...b.request, path: rolloutPatchPath(actor, b.target) };
  if (intent.preview) return { kind: "preview", request, effect: pre.effect };
  let sent: Sent;
  try {
    sent = await sendConfirmed(actor, b, intent);
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 422 && !b.target.status) await explainSpec422(actor, b, e);
    throw e;
  }
  await recordEvent(actor, sent.object, { ...b.event, message: `${b.event.message} by ${actor.user}` });
  if (sent.object.metadata && "managedFields" in sent.object.metadata) delete sent.object.metadata.managedFields;
  return {
    kind: "saved",
    request,
    object: asJsonObject(sent.object),
    kept: [],
    ...(sent.attempts ? { attempts: sent.attempts } : {}),
  };
}
