"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  fetchObject,
  postEdit,
  type ConflictChoice,
  type EditableResource,
  type EditRequest,
  type EditResponse,
  type WireConflict,
  type WireRequest,
} from "@/lib/client/editor";
import { clearDraft, draftState, loadDraft, saveDraft, type DraftId } from "@/lib/client/editor-drafts";
import { ApiError, type ApiErrorBody } from "@/lib/client";
import { checkEdit, diffObjects, parseEdited, prepareForEdit, type JsonObject } from "@/lib/patch";

export type EditTab = "edit" | "diff" | "request" | "dry-run" | "conflicts";
export interface Notice {
  tone: "ok" | "warn" | "bad";
  text: string;
}

export interface EditSession {
  loading: boolean;
  loadError?: ApiErrorBody;
  base: JsonObject | null;
  baseText: string;
  text: string;
  setText(t: string): void;
  tab: EditTab;
  setTab(t: EditTab): void;
  request?: WireRequest & { changed?: boolean; sent?: boolean };
  conflicts: WireConflict[];
  choices: Record<string, ConflictChoice>;
  choose(field: string, c: ConflictChoice): void;
  dryRun?: { before: string; after: string };
  notice?: Notice;
  error?: ApiErrorBody;
  busy: boolean;
  /** Review = compute the exact request (or conflicts) against the latest object, send nothing. */
  review(): Promise<void>;
  send(): Promise<void>;
  runDryRun(): Promise<void>;
  discardDraft(): void;
}

const storage = (): Storage | null => (typeof window === "undefined" ? null : window.localStorage);
const rvOf = (o: JsonObject | null) =>
  String((o?.metadata as { resourceVersion?: string } | undefined)?.resourceVersion ?? "");
const toBody = (e: unknown): ApiErrorBody =>
  e instanceof ApiError ? e.toJSON() : { code: 0, reason: "Error", message: String((e as Error)?.message ?? e) };

/** The edit page's state: the opened object (base), the buffer (only the user changes it), drafts, and the save flow. */
export function useEditSession(
  cluster: string,
  namespace: string,
  resource: EditableResource,
  name: string,
): EditSession {
  const id: DraftId = useMemo(() => ({ cluster, namespace, resource, name }), [cluster, namespace, resource, name]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<ApiErrorBody>();
  const [base, setBase] = useState<JsonObject | null>(null);
  const [baseText, setBaseText] = useState("");
  const [text, setTextState] = useState("");
  const [tab, setTab] = useState<EditTab>("edit");
  const [request, setRequest] = useState<EditSession["request"]>();
  const [conflicts, setConflicts] = useState<WireConflict[]>([]);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [dryRun, setDryRun] = useState<EditSession["dryRun"]>();
  const [notice, setNotice] = useState<Notice>();
  const [error, setError] = useState<ApiErrorBody>();
  const [busy, setBusy] = useState(false);
  const pendingReview = useRef(false);

  const open = useCallback(
    (obj: JsonObject, keepDraft: boolean) => {
      const prepared = prepareForEdit(obj);
      const store = storage();
      const draft = keepDraft && store ? loadDraft(store, id) : null;
      let state = draftState(draft, prepared.object);
      // Only status or server-set metadata moved on (a rollout's churn): the draft still applies as typed.
      if (state === "stale-base" && diffObjects(draft!.base, prepared.object).length === 0) state = "same-base";
      setBase(state === "stale-base" ? draft!.base : prepared.object);
      setBaseText(state === "stale-base" ? prepareForEdit(draft!.base).text : prepared.text);
      setTextState(state === "none" ? prepared.text : draft!.text);
      if (state === "same-base")
        setNotice({ tone: "warn", text: `Restored your unsaved draft from ${draft!.savedAt}.` });
      if (state === "stale-base") {
        setNotice({
          tone: "warn",
          text: `Your draft from ${draft!.savedAt} was made against resourceVersion ${draft!.baseResourceVersion}; the object has changed since. It is merged with the current object below: review before saving.`,
        });
        pendingReview.current = true;
      }
    },
    [id],
  );

  useEffect(() => {
    let live = true;
    fetchObject(cluster, namespace, resource, name)
      .then((obj) => live && open(obj, true))
      .catch((e) => live && setLoadError(toBody(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [cluster, namespace, resource, name, open]);

  const setText = useCallback(
    (t: string) => {
      setTextState(t);
      setError(undefined);
      const store = storage();
      if (store && base)
        saveDraft(store, { ...id, baseResourceVersion: rvOf(base), base, text: t, savedAt: new Date().toISOString() });
    },
    [base, id],
  );

  /** Parse + kubectl edit's local rules; returns the edited object or null after saying why not. */
  const mine = useCallback((): JsonObject | null => {
    const parsed = parseEdited(text);
    if (!parsed.ok) {
      setNotice({
        tone: "bad",
        text: `YAML syntax error at line ${parsed.errors[0].line}, column ${parsed.errors[0].column}: ${parsed.errors[0].message}`,
      });
      return null;
    }
    const check = checkEdit(base!, parsed.value);
    if (check.kind !== "changed") {
      setNotice({ tone: check.kind === "refused" ? "bad" : "ok", text: check.message });
      return null;
    }
    return parsed.value;
  }, [text, base]);

  const call = useCallback(
    async (req: Omit<EditRequest, "base" | "mine">): Promise<EditResponse | null> => {
      const m = mine();
      if (!m || !base) return null;
      setBusy(true);
      setError(undefined);
      try {
        return await postEdit(cluster, namespace, resource, name, { base, mine: m, choices, ...req });
      } catch (e) {
        const body = toBody(e);
        setError(body);
        if (body.code === 404)
          setNotice({
            tone: "bad",
            text: body.message.includes("deleted")
              ? body.message
              : `This object was deleted while you were editing (${body.message}). Nothing was saved; your text is kept.`,
          });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [mine, base, cluster, namespace, resource, name, choices],
  );

  const handle = useCallback(
    (out: EditResponse | null) => {
      if (!out) return;
      if (out.kind === "no-changes" || out.kind === "refused") {
        setNotice({ tone: out.kind === "refused" ? "bad" : "ok", text: out.message });
        return;
      }
      if (out.kind === "conflict") {
        setConflicts(out.conflicts);
        setRequest(undefined);
        setTab("conflicts");
        setNotice({
          tone: "warn",
          text: `${out.conflicts.length} field(s) changed both by you and on the cluster. Choose a value for each; nothing is written until you do.`,
        });
        return;
      }
      if (out.kind === "preview") {
        setRequest({ ...out.request, changed: out.changed });
        setTab("request");
        if (out.changed)
          setNotice({
            tone: "warn",
            text: "The object changed on the cluster since your review, so the request changed too. Nothing was sent: review the new request.",
          });
        return;
      }
      if (out.kind === "dry-run") {
        setDryRun({ before: prepareForEdit(out.latest).text, after: prepareForEdit(out.object).text });
        setTab("dry-run");
        setNotice({
          tone: "ok",
          text: "Dry run: the server accepted the request; the diff shows what it would store (defaults included). Nothing was written.",
        });
        return;
      }
      const store = storage();
      if (store) clearDraft(store, id);
      setConflicts([]);
      setChoices({});
      setRequest({ ...out.request, sent: true });
      open(out.object, false);
      setTab("edit");
      setNotice({
        tone: "ok",
        text: `Saved: resourceVersion ${rvOf(out.object)}. The request sent is shown under "Request".`,
      });
    },
    [id, open],
  );

  const review = useCallback(async () => handle(await call({ preview: true })), [call, handle]);
  const send = useCallback(async () => handle(await call({ expectBody: request?.body })), [call, handle, request]);
  const runDryRun = useCallback(async () => handle(await call({ dryRun: true })), [call, handle]);

  useEffect(() => {
    if (pendingReview.current && base && text) {
      pendingReview.current = false;
      void review();
    }
  }, [base, text, review]);

  const choose = useCallback((field: string, c: ConflictChoice) => setChoices((prev) => ({ ...prev, [field]: c })), []);
  const discardDraft = useCallback(() => {
    const store = storage();
    if (store) clearDraft(store, id);
    setLoading(true);
    fetchObject(cluster, namespace, resource, name)
      .then((o) => open(o, false))
      .catch((e) => setError(toBody(e)))
      .finally(() => setLoading(false));
    setNotice(undefined);
  }, [id, cluster, namespace, resource, name, open]);

  return {
    loading,
    loadError,
    base,
    baseText,
    text,
    setText,
    tab,
    setTab,
    request,
    conflicts,
    choices,
    choose,
    dryRun,
    notice,
    error,
    busy,
    review,
    send,
    runDryRun,
    discardDraft,
  };
}
