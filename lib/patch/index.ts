// lib/patch: pure patch, diff and three-way-merge library (docs/architecture.md §4). No React, Next,
// Node or client-node: callers send the returned requests themselves.
export type { JsonObject, JsonValue, JsonPrimitive } from "./json";
export { deepEqual, isObject, asJsonObject, clone } from "./json";
export type { Path, PathSegment, KeySegment } from "./paths";
export { formatPath, toPointer, getAt } from "./paths";
export { mergeKeyFor, isServerOwned } from "./merge-keys";
export { PATCH_LIMITS, PatchInputError, assertWithinLimits, type PatchLimits } from "./limits";
export { CONTENT_TYPE, type PatchContentType, type PatchRequest } from "./request";
export { createMergePatch, applyMergePatch } from "./merge-patch";
export { createStrategicMergePatch } from "./strategic";
export { createJsonPatch, applyJsonPatch, type JsonPatchOp, type JsonPatchOptions } from "./json-patch";
export { buildApplyBody, type ApplyBody } from "./apply";
export { patchPreviews, isBuiltinKind, RISK, type PatchPreviews } from "./alternatives";
export {
  threeWayMerge,
  resolveConflicts,
  type Conflict,
  type MergeResult,
  type MergeOptions,
  type Choice,
} from "./three-way";
export { buildEditSave, type EditSave, type EditSaveOptions } from "./edit-save";
export { guardedPatchOps, guardedRequest, failedTests, type FieldChange, type GuardOptions } from "./guarded";
export {
  approveRequest,
  jumpRequest,
  rolloutPauseRequest,
  rolloutDisableRequest,
  type RolloutSpecBase,
} from "./kruise-rollout";
export {
  CLONESET_STRATEGY,
  partitionPatch,
  pausePatch,
  replicasPatch,
  rollingLimitsPatch,
  rollbackEveryPodPatch,
  rollbackPatch,
  revisionTemplate,
  type UpdateOptions,
} from "./update";
export { prepareForEdit, parseEdited, lineForField, fieldSegments, checkEdit } from "./edit-yaml";
export type { PreparedEdit, PrepareOptions, ParsedEdit, YamlError, FieldLines, EditCheck } from "./edit-yaml";
export { diffObjects, type FieldDiff, type DiffOptions } from "./diff";
export {
  predictInPlace,
  type InPlacePrediction,
  type ContainerChange,
  type Gates,
  type StrategyReading,
} from "./inplace-prediction";
export { serverKept, describeKept, type KeptField } from "./server-kept";
export { classifySave, type SaveOutcome, type SaveOutcomeKind } from "./save-outcome";
