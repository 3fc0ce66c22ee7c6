import { describe, expect, it } from "vitest";
import { prepareForEdit, type JsonObject } from "@/lib/patch";
import { sampleCloneSet } from "@/lib/patch/fixtures/cloneset";
import type { EditOutcome, WireRequest } from "../k8s/wire";
import type { Draft } from "./editor-drafts";
import { noticeView } from "./editor-notice";
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from "./editor-state";

const withRv = (o: JsonObject, rv: string, patch: (m: Record<string, unknown>) => void = () => {}) => {
  const copy = structuredClone(o) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  copy.metadata.resourceVersion = rv;
  patch(copy);
  return copy as JsonObject;
};
const object = sampleCloneSet();
const request: WireRequest = {
  method: "PATCH",
  path: "/apis/x",
  contentType: "application/json-patch+json",
  body: "[]",
  note: "",
};
const run = (...actions: EditorAction[]) => actions.reduce<EditorState>(editorReducer, initialEditorState);
const draftOf = (base: JsonObject, text: string): Draft => ({
  cluster: "c",
  namespace: "default",
  resource: "clonesets",
  name: "sample",
  baseResourceVersion: String((base.metadata as { resourceVersion: string }).resourceVersion),
  base: prepareForEdit(base).object,
  text,
  savedAt: "2026-01-01T00:00:00Z",
});
const say = (state: EditorState) => noticeView(state.notice);

describe("editor state: base, mine and theirs", () => {
  it("opening without a draft shows the object as fetched, with no notice", () => {
    const state = run({ type: "opened", object, draft: null });
    expect(state.mine).toBe(prepareForEdit(object).text);
    expect(state.base).toEqual(prepareForEdit(object).object);
    expect(say(state)).toBeNull();
  });

  it("a draft of the same object comes back with a notice that offers to discard it", () => {
    const state = run({ type: "opened", object, draft: draftOf(object, "replicas: 9") });
    expect(state.mine).toBe("replicas: 9");
    expect(say(state)).toMatchObject({
      text: expect.stringMatching(/^Restored your unsaved draft/),
      action: "discard-draft",
    });
  });

  it("a draft whose object only churned status still applies as typed", () => {
    const churned = withRv(object, "2000", (o) => (o.status = { replicas: 1 }));
    expect(run({ type: "opened", object: churned, draft: draftOf(object, "x") }).notice?.kind).toBe("draft-restored");
  });

  it("a draft against a changed spec keeps its own base and asks for a review against the cluster", () => {
    const moved = withRv(object, "2000", (o) => ((o.spec as { replicas: number }).replicas = 7));
    const state = run({ type: "opened", object: moved, draft: draftOf(object, "x") });
    expect(state.base).toEqual(prepareForEdit(object).object);
    expect(state.reviewPending).toBe(true);
    expect(say(state)?.action).toBeUndefined();
    expect(
      run({ type: "opened", object: moved, draft: draftOf(object, "x") }, { type: "requestStarted" }).reviewPending,
    ).toBe(false);
  });

  it("a conflict keeps the buffer, shows theirs per field and moves to the conflict tab; choices accumulate", () => {
    const latest = withRv(object, "3000");
    const conflict: EditOutcome = {
      kind: "conflict",
      conflicts: [{ field: "spec.replicas", base: 5, mine: 4, theirs: 6 }],
      latest,
    };
    const state = run(
      { type: "opened", object, draft: null },
      { type: "typed", text: "mine" },
      { type: "answered", outcome: conflict },
      { type: "conflictChosen", field: "spec.replicas", choice: "mine" },
    );
    expect([state.mine, state.tab, state.theirs, state.choices]).toEqual([
      "mine",
      "conflicts",
      latest,
      { "spec.replicas": "mine" },
    ]);
    expect(say(state)?.text).toMatch(/^1 field\(s\) changed both by you and on the cluster/);
  });

  it("a save reopens what the server stored, clears conflicts, and says Saved with the new resourceVersion", () => {
    const stored = withRv(object, "4000");
    const state = run(
      { type: "opened", object, draft: null },
      { type: "typed", text: "mine" },
      { type: "conflictChosen", field: "spec.replicas", choice: "mine" },
      { type: "answered", outcome: { kind: "saved", request, object: stored, kept: [] } },
    );
    expect([state.mine, state.choices, state.tab, state.request?.sent]).toEqual([
      prepareForEdit(stored).text,
      {},
      "edit",
      true,
    ]);
    expect(say(state)).toMatchObject({ tone: "ok", text: expect.stringMatching(/^Saved: resourceVersion 4000/) });
  });

  it("a no-op write is never called saved: it names each field the server kept", () => {
    const kept = [{ field: "spec.updateStrategy.partition", how: "kept" as const, stored: 0, before: 0 }];
    const state = run({ type: "answered", outcome: { kind: "no-op", request, object, kept } });
    const view = say(state)!;
    expect(view.tone).toBe("warn");
    expect(view.text).not.toMatch(/Saved/);
    expect(view.text).toMatch(/Nothing was stored/);
    expect(view.fields).toEqual([
      "the server kept spec.updateStrategy.partition: 0 (you removed it) — a webhook or default sets it",
    ]);
  });

  it("a write of the server's managed-fields record alone says nothing in the spec changed, never Saved", () => {
    const kept = [{ field: "spec.updateStrategy.partition", how: "kept" as const, stored: 0, before: 0 }];
    const outcome = { kind: "saved" as const, request, object, kept, metadataOnly: true as const };
    const view = say(run({ type: "answered", outcome }))!;
    expect(view.tone).toBe("warn");
    expect(view.text).toMatch(/^Nothing in the spec changed/);
    expect(view.text).not.toMatch(/Saved/);
    expect(view.fields).toEqual([
      "the server kept spec.updateStrategy.partition: 0 (you removed it) — a webhook or default sets it",
    ]);
  });

  it("a save the server partly overrode says Saved but lists what it did not take", () => {
    const kept = [{ field: "spec.replicas", how: "replaced" as const, asked: 3, stored: 1, before: 2 }];
    const view = say(run({ type: "answered", outcome: { kind: "saved", request, object, kept } }))!;
    expect(view.tone).toBe("warn");
    expect(view.fields?.[0]).toMatch(/stored spec\.replicas: 1 \(you asked 3\)/);
  });

  it("a review shows the request with the server's dry run; the dry run's kept fields are said before saving", () => {
    const kept = [{ field: "spec.updateStrategy.partition", how: "kept" as const, stored: 0, before: 0 }];
    const state = run({
      type: "answered",
      outcome: { kind: "preview", request, latest: object, dryRun: { ok: true, object, kept } },
    });
    expect(state.tab).toBe("request");
    expect(state.request?.review?.check).toEqual({ ok: true, object, kept });
    expect(say(state)?.fields).toHaveLength(1);
    expect(say(run({ type: "answered", outcome: { kind: "preview", request, latest: object } }))).toBeNull();
  });

  it("deleted is a notice; denied and invalid are errors (the 422 marks lines), cleared by typing", () => {
    const status = { code: 404, reason: "NotFound", message: "it was deleted while you were editing" };
    const deleted = run({ type: "answered", outcome: { kind: "deleted", ...status } });
    expect([deleted.error, say(deleted)?.text]).toEqual([undefined, status.message]);
    const invalid = run({
      type: "answered",
      outcome: { kind: "invalid", code: 422, reason: "Invalid", message: "bad" },
    });
    expect(invalid.error?.code).toBe(422);
    expect(say(invalid)).toBeNull();
    expect(editorReducer(invalid, { type: "typed", text: "fixed" }).error).toBeUndefined();
  });

  it("an object that kept changing while saving is an error in the panel, with no notice of its own", () => {
    const stale = run({
      type: "answered",
      outcome: { kind: "stale", code: 409, reason: "Conflict", message: "The object kept changing while saving" },
    });
    expect([stale.error?.code, say(stale)]).toEqual([409, null]);
  });

  it("local problems are said without asking the server: syntax errors and kubectl edit's refusals", () => {
    expect(say(run({ type: "syntaxError", line: 3, column: 7, message: "bad indentation" }))?.text).toBe(
      "YAML syntax error at line 3, column 7: bad indentation",
    );
    const refused = run({
      type: "checkedLocally",
      check: { kind: "refused", message: "cannot rename", fields: ["metadata.name"] },
    });
    expect(say(refused)).toEqual({ tone: "bad", text: "cannot rename" });
  });
});
