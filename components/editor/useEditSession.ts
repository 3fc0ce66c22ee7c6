"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useClientQuery } from "@/lib/client/hydration";
import { useCallback, useEffect, useMemo, useReducer } from "react";
import {
  objectOptions,
  useEditMutation,
  type ConflictChoice,
  type EditBody,
  type EditTarget,
  type WireConflict,
} from "@/lib/client/editor";
import { clearDraft, loadDraft, saveDraft } from "@/lib/client/editor-drafts";
import { noticeView, type NoticeView } from "@/lib/client/editor-notice";
import { editorReducer, initialEditorState, type EditTab, type ShownEditRequest } from "@/lib/client/editor-state";
import { ApiError, type ApiErrorBody } from "@/lib/client";
import { checkEdit, parseEdited, PatchInputError, type JsonObject } from "@/lib/patch";

export type { EditTab };

export interface EditSession {
  loading: boolean;
  loadError?: ApiErrorBody;
  base: JsonObject | null;
  baseText: string;
  text: string;
  setText(text: string): void;
  tab: EditTab;
  setTab(tab: EditTab): void;
  request?: ShownEditRequest;
  conflicts: WireConflict[];
  choices: Record<string, ConflictChoice>;
  choose(field: string, choice: ConflictChoice): void;
  dryRun?: { before: string; after: string };
  notice: NoticeView | null;
  error?: ApiErrorBody;
  busy: boolean;
  /** Review = compute the exact request (or conflicts) against the latest object and dry-run it; write nothing. */
  review(): Promise<void>;
  send(): Promise<void>;
  runDryRun(): Promise<void>;
  discardDraft(): void;
}

const storage = (): Storage | null => (typeof window === "undefined" ? null : window.localStorage);
const rvOf = (o: JsonObject) => String((o.metadata as { resourceVersion?: string } | undefined)?.resourceVersion ?? "");
const toBody = (e: unknown): ApiErrorBody =>
  e instanceof ApiError ? e.toJSON() : { code: 0, reason: "Error", message: String((e as Error)?.message ?? e) };

/** The edit page: the opened object (a query), the save (a mutation), drafts, and the page's state (a reducer). */
export function useEditSession(target: EditTarget): EditSession {
  const { cluster, namespace, resource, name } = target;
  const draftId = useMemo(() => ({ cluster, namespace, resource, name }), [cluster, namespace, resource, name]);
  const objectQuery = useClientQuery(objectOptions(draftId));
  const save = useEditMutation(draftId);
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const { base, mine: text, request, choices } = state;

  // Open once, with the stored draft; later answers (a save) reopen through the reducer.
  useEffect(() => {
    if (objectQuery.data && !base) {
      const store = storage();
      dispatch({ type: "opened", object: objectQuery.data, draft: store ? loadDraft(store, draftId) : null });
    }
  }, [objectQuery.data, base, draftId]);

  const setText = useCallback(
    (next: string) => {
      dispatch({ type: "typed", text: next });
      const store = storage();
      if (store && base)
        saveDraft(store, {
          ...draftId,
          baseResourceVersion: rvOf(base),
          base,
          text: next,
          savedAt: new Date().toISOString(),
        });
    },
    [base, draftId],
  );

  /** Parse + kubectl edit's local rules; the edited object, or null after saying why not. */
  const parsedMine = useCallback((): JsonObject | null => {
    const parsed = parseEdited(text);
    if (!parsed.ok) {
      const [first] = parsed.errors;
      dispatch({ type: "syntaxError", line: first.line, column: first.column, message: first.message });
      return null;
    }
    let check;
    try {
      check = checkEdit(base!, parsed.value);
    } catch (e) {
      // Beyond lib/patch's size/shape limits: say what to fix, as the server would, and keep the text.
      if (!(e instanceof PatchInputError)) throw e;
      const reason = e.status === 413 ? "RequestEntityTooLarge" : "Invalid";
      dispatch({ type: "failed", error: { code: e.status, reason, message: e.message } });
      return null;
    }
    if (check.kind !== "changed") {
      dispatch({ type: "checkedLocally", check });
      return null;
    }
    return parsed.value;
  }, [text, base]);

  const post = useCallback(
    async (extra: Omit<EditBody, "base" | "mine">) => {
      dispatch({ type: "requestStarted" });
      const edited = parsedMine();
      if (!edited || !base) return;
      try {
        const outcome = await save.mutateAsync({ base, mine: edited, choices, ...extra });
        if (outcome.kind === "saved" || outcome.kind === "no-op") {
          const store = storage();
          if (store) clearDraft(store, draftId);
        }
        dispatch({ type: "answered", outcome });
      } catch (e) {
        dispatch({ type: "failed", error: toBody(e) });
      }
    },
    [parsedMine, base, choices, save, draftId],
  );

  const review = useCallback(() => post({ preview: true }), [post]);
  const send = useCallback(() => post({ expectBody: request?.body }), [post, request]);
  const runDryRun = useCallback(() => post({ dryRun: true }), [post]);

  useEffect(() => {
    if (state.reviewPending && base && text) void review();
  }, [state.reviewPending, base, text, review]);

  const choose = useCallback(
    (field: string, choice: ConflictChoice) => dispatch({ type: "conflictChosen", field, choice }),
    [],
  );
  const setTab = useCallback((tab: EditTab) => dispatch({ type: "tabChosen", tab }), []);
  const discardDraft = useCallback(() => {
    const store = storage();
    if (store) clearDraft(store, draftId);
    dispatch({ type: "draftDiscarded" });
    queryClient
      .fetchQuery({ ...objectOptions(draftId), staleTime: 0 })
      .then((object) => dispatch({ type: "opened", object, draft: null }))
      .catch((e) => dispatch({ type: "failed", error: toBody(e) }));
  }, [draftId, queryClient]);

  return {
    loading: !base && !objectQuery.error,
    loadError: objectQuery.error ? toBody(objectQuery.error) : undefined,
    base,
    baseText: state.baseText,
    text,
    setText,
    tab: state.tab,
    setTab,
    request,
    conflicts: state.conflicts,
    choices,
    choose,
    dryRun: state.dryRun,
    notice: useMemo(() => noticeView(state.notice), [state.notice]),
    error: state.error,
    busy: save.isPending,
    review,
    send,
    runDryRun,
    discardDraft,
  };
}
