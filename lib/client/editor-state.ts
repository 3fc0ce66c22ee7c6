// The editor page's local state as one pure reducer with named actions (docs/architecture.md §3: the
// query cache holds server state; this holds what only the page knows). base = the object as opened,
// mine = the text buffer (only the user changes it), theirs = the cluster's object the server merged
// against when it last answered. What to show is decided by typed notices, never by message text.
import { diffObjects, prepareForEdit, type EditCheck, type JsonObject } from "@/lib/patch";
import type { ApiErrorBody, ConflictChoice, DryRunCheck, EditOutcome, WireConflict, WireRequest } from "../k8s/wire";
import { draftState, type Draft } from "./editor-drafts";

export type EditTab = "edit" | "diff" | "request" | "dry-run" | "conflicts";

/** What the notice line says, by kind (the text is written in one place: ./editor-notice.ts). */
export type EditNotice =
  | { kind: "draft-restored"; savedAt: string }
  | { kind: "draft-rebased"; savedAt: string; baseResourceVersion: string }
  | { kind: "syntax-error"; line: number; column: number; message: string }
  | { kind: "local-check"; check: Exclude<EditCheck, { kind: "changed" }> }
  | { kind: "outcome"; outcome: EditOutcome };

/** The request under review (or sent); `review` is the server's dry run of it. */
export interface ShownEditRequest extends WireRequest {
  changed?: boolean;
  sent?: boolean;
  /** What the patch asks for and what the server would store (or why it would refuse). */
  review?: { latest: JsonObject; check: DryRunCheck };
}

export interface EditorState {
  /** The object as opened, prepared like kubectl edit; null until the first fetch. */
  base: JsonObject | null;
  baseText: string;
  /** The user's buffer. */
  mine: string;
  /** The cluster's object at the last answer (conflict or review). */
  theirs: JsonObject | null;
  conflicts: WireConflict[];
  choices: Record<string, ConflictChoice>;
  request?: ShownEditRequest;
  dryRun?: { before: string; after: string };
  tab: EditTab;
  notice?: EditNotice;
  /** A refusal shown as an error panel (422 causes also mark lines); cleared on typing. */
  error?: ApiErrorBody;
  /** A draft made against an older object: review it against the cluster as soon as it is open. */
  reviewPending: boolean;
}

export type EditorAction =
  | { type: "opened"; object: JsonObject; draft: Draft | null }
  | { type: "typed"; text: string }
  | { type: "tabChosen"; tab: EditTab }
  | { type: "conflictChosen"; field: string; choice: ConflictChoice }
  | { type: "syntaxError"; line: number; column: number; message: string }
  | { type: "checkedLocally"; check: Exclude<EditCheck, { kind: "changed" }> }
  | { type: "requestStarted" }
  | { type: "answered"; outcome: EditOutcome }
  | { type: "failed"; error: ApiErrorBody }
  | { type: "draftDiscarded" };

export const initialEditorState: EditorState = {
  base: null,
  baseText: "",
  mine: "",
  theirs: null,
  conflicts: [],
  choices: {},
  tab: "edit",
  reviewPending: false,
};

/** Opens an object, with the stored draft when there is one (a rollout's status churn does not make a draft stale). */
function opened(state: EditorState, object: JsonObject, draft: Draft | null): EditorState {
  const prepared = prepareForEdit(object);
  let relation = draftState(draft, prepared.object);
  if (relation === "stale-base" && diffObjects(draft!.base, prepared.object).length === 0) relation = "same-base";
  if (relation === "none" || !draft)
    return { ...state, base: prepared.object, baseText: prepared.text, mine: prepared.text };
  if (relation === "same-base")
    return {
      ...state,
      base: prepared.object,
      baseText: prepared.text,
      mine: draft.text,
      notice: { kind: "draft-restored", savedAt: draft.savedAt },
    };
  // The draft's own base stays the base: the review merges it three-way with the object now on the cluster.
  return {
    ...state,
    base: draft.base,
    baseText: prepareForEdit(draft.base).text,
    mine: draft.text,
    notice: { kind: "draft-rebased", savedAt: draft.savedAt, baseResourceVersion: draft.baseResourceVersion },
    reviewPending: true,
  };
}

function answered(state: EditorState, outcome: EditOutcome): EditorState {
  const notice: EditNotice = { kind: "outcome", outcome };
  switch (outcome.kind) {
    case "no-changes":
    case "refused":
    case "deleted":
      return { ...state, notice };
    case "denied":
    case "invalid":
      return { ...state, notice, error: outcome };
    case "stale":
    case "owned":
      // the object kept changing while saving: said in the error panel, like any refusal without a notice of its own
      return { ...state, error: outcome };
    case "conflict":
      return {
        ...state,
        notice,
        conflicts: outcome.conflicts,
        theirs: outcome.latest,
        request: undefined,
        tab: "conflicts",
      };
    case "preview": {
      const review = outcome.dryRun && outcome.latest ? { latest: outcome.latest, check: outcome.dryRun } : undefined;
      const request = { ...outcome.request, changed: outcome.changed, review };
      return { ...state, notice, request, theirs: outcome.latest ?? null, tab: "request" };
    }
    case "dry-run": {
      const dryRun = { before: prepareForEdit(outcome.latest).text, after: prepareForEdit(outcome.object).text };
      return { ...state, notice, dryRun, tab: "dry-run" };
    }
    case "saved":
    case "no-op": {
      // What the server stores now is the new base; the buffer shows it (the draft is cleared by the page).
      const reopened = opened(initialEditorState, outcome.object, null);
      return { ...reopened, notice, request: { ...outcome.request, sent: true }, tab: "edit" };
    }
  }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "opened":
      return opened({ ...state, notice: undefined, reviewPending: false }, action.object, action.draft);
    case "typed":
      return { ...state, mine: action.text, error: undefined };
    case "tabChosen":
      return { ...state, tab: action.tab };
    case "conflictChosen":
      return { ...state, choices: { ...state.choices, [action.field]: action.choice } };
    case "syntaxError":
      return {
        ...state,
        notice: { kind: "syntax-error", line: action.line, column: action.column, message: action.message },
      };
    case "checkedLocally":
      return { ...state, notice: { kind: "local-check", check: action.check } };
    case "requestStarted":
      return { ...state, reviewPending: false, error: undefined };
    case "answered":
      return answered({ ...state, error: undefined }, action.outcome);
    case "failed":
      return { ...state, error: action.error };
    case "draftDiscarded":
      // The page refetches the object and opens it again without the draft.
      return { ...state, notice: undefined, error: undefined };
  }
}
