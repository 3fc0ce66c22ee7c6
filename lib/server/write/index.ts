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
export { applyUpdate, type ShownRequest } from "./update";
export { parseUpdateIntent, guardBase, type UpdateIntent, type UpdateBase, type UpdateAction } from "./update-intent";
export { postUpdate, getAccess, postKruiseRollout } from "./routes";
export { applyKruiseRollout, settle as rolloutApproveSettle } from "./kruise-rollout";
export { editObject } from "./edit";
