// The shared write path (docs/architecture.md §4): mutation intake, exact PATCH, audit Event, access review.
export { readMutation, assertSameOrigin, MAX_BODY_BYTES } from "./mutation";
export {
  sendPatch,
  patchPath,
  fieldManagerFor,
  FIELD_MANAGER,
  type WriteTarget,
  type WireRequest,
  type SendOptions,
} from "./patch";
export { recordEvent, eventBody, type EventNote } from "./events";
export { canI, type AccessQuestion } from "./access";
export { applyRollout, type ShownRequest } from "./rollout";
export { parseIntent, guardBase, type RolloutIntent, type RolloutBase, type RolloutAction } from "./intent";
export { postRollout, getAccess, postKruiseRollout } from "./routes";
export { applyKruiseRollout, settle as rolloutApproveSettle } from "./kruise-rollout";
export { editObject } from "./edit";
