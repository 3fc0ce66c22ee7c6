// The shared write path (docs/architecture.md §4): mutation intake, exact PATCH, audit Event, access review, and the
// routes every write goes through.
export { readMutation, assertSameOrigin, MAX_BODY_BYTES } from "../mutation";
export { sendPatch, patchPath, fieldManagerFor, FIELD_MANAGER, type WriteTarget, type SendOptions } from "./patch";
export { recordEvent, eventBody, type EventNote } from "./events";
export { canI, type AccessQuestion } from "./access";
export { postWrite, getAccess } from "./routes";
export { settle as rolloutApproveSettle } from "./kruise-rollout";
export { answer, statusOf } from "./outcome";
