// Editor drafts in localStorage: saved as the user types, restored after a reload or
// a failed save. One draft per object; it remembers the object it was based on, so a draft
// whose base resourceVersion is no longer the cluster's can be re-merged (conflict view).
import type { JsonObject } from "@/lib/patch";
import { joinSegments } from "../urls";

export interface Draft {
  cluster: string;
  namespace: string;
  resource: string;
  name: string;
  /** metadata.resourceVersion of `base`: the draft's identity together with the four above. */
  baseResourceVersion: string;
  /** The object as opened (prepared for edit): the base of the three-way merge. */
  base: JsonObject;
  text: string;
  savedAt: string;
}

export type DraftId = Pick<Draft, "cluster" | "namespace" | "resource" | "name">;

const PREFIX = "kruise-console:draft:";

export function draftKey(id: DraftId): string {
  return `${PREFIX}${joinSegments([id.cluster, id.namespace, id.resource, id.name])}`;
}

/** The storage is injectable for tests; the page passes window.localStorage. */
export function loadDraft(store: Storage, id: DraftId): Draft | null {
  try {
    const raw = store.getItem(draftKey(id));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return typeof draft.text === "string" && typeof draft.baseResourceVersion === "string" && draft.base ? draft : null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused (quota): the page says the draft is not kept. */
export function saveDraft(store: Storage, draft: Draft): boolean {
  try {
    store.setItem(draftKey(draft), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(store: Storage, id: DraftId): void {
  try {
    store.removeItem(draftKey(id));
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** How a stored draft relates to the object just fetched. */
export function draftState(draft: Draft | null, current: JsonObject): "none" | "same-base" | "stale-base" {
  if (!draft) return "none";
  const rv = (current.metadata as { resourceVersion?: string } | undefined)?.resourceVersion ?? "";
  return draft.baseResourceVersion === rv ? "same-base" : "stale-base";
}
