import { describe, expect, it } from "vitest";
import { clearDraft, draftState, loadDraft, saveDraft, type Draft } from "./editor-drafts";

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  quota = Infinity;
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    if (v.length > this.quota) throw new DOMException("quota", "QuotaExceededError");
    this.m.set(k, v);
  }
}

const base = {
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name: "web", namespace: "demo", resourceVersion: "41" },
};
const draft: Draft = {
  cluster: "sandbox",
  namespace: "demo",
  resource: "clonesets",
  name: "web",
  baseResourceVersion: "41",
  base,
  text: "kind: CloneSet\n",
  savedAt: "2026-01-01T00:00:00Z",
};
const id = { cluster: "sandbox", namespace: "demo", resource: "clonesets", name: "web" };

describe("editor drafts", () => {
  it("a draft typed before a reload comes back for the same object", () => {
    const s = new MemoryStorage();
    expect(saveDraft(s, draft)).toBe(true);
    expect(loadDraft(s, id)).toEqual(draft);
    expect(loadDraft(s, { ...id, name: "other" })).toBeNull();
    expect(loadDraft(s, { ...id, cluster: "prod" })).toBeNull();
  });

  it("a draft against the object as it still is restores directly; against a changed object it needs a re-merge", () => {
    expect(draftState(draft, base)).toBe("same-base");
    expect(draftState(draft, { ...base, metadata: { ...base.metadata, resourceVersion: "57" } })).toBe("stale-base");
    expect(draftState(null, base)).toBe("none");
  });

  it("a full browser storage reports that the draft is not kept instead of throwing", () => {
    const s = new MemoryStorage();
    s.quota = 10;
    expect(saveDraft(s, draft)).toBe(false);
  });

  it("after a successful save the draft is gone; corrupt entries read as no draft", () => {
    const s = new MemoryStorage();
    saveDraft(s, draft);
    clearDraft(s, id);
    expect(loadDraft(s, id)).toBeNull();
    s.setItem("kruise-console:draft:sandbox/demo/clonesets/web", "{not json");
    expect(loadDraft(s, id)).toBeNull();
  });
});
