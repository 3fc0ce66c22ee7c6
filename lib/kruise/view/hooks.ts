/**
 * Lifecycle hook holds in words: what a stalled step waits for and who must act (docs/kruise-rules.md §2.2, §8).
 */
import { hookWaits, type HookName, type HookWait } from "../lifecycle/waits";
import { listPhrase, plural } from "./format";
import { ownedBy } from "./pods";
import type { HookWaitView } from "./update";
import type { ViewWorkload, ViewPod } from "./types";

const HOOK_TITLE: Record<HookName, string> = {
  inPlaceUpdate: "in-place-update",
  preDelete: "pre-delete",
  preNormal: "pre-normal",
};

/** "label a=b and finalizer f", with each noun in the right number. */
function handlerPhrase(w: HookWait): string {
  const parts: string[] = [];
  if (w.labels.length) parts.push(`${w.labels.length === 1 ? "label" : "labels"} ${listPhrase(w.labels)}`);
  if (w.finalizers.length)
    parts.push(`${w.finalizers.length === 1 ? "finalizer" : "finalizers"} ${listPhrase(w.finalizers)}`);
  return listPhrase(parts);
}

/**
 * e.g. "waiting for the in-place-update hook on 3 pods: remove label example.com/hold=true (owned by your
 * hook controller)". An Updated pod asks for its handlers back; markPodNotReady adds that the pods read not ready.
 */
export function hookWaitText(w: HookWait): string {
  const n = w.pods.length;
  const verb = w.action === "remove" ? "remove" : w.state === "Updated" ? "put back" : "add";
  let text = `waiting for the ${HOOK_TITLE[w.hook]} hook on ${plural(n, "pod")}: ${verb} ${handlerPhrase(w)} (owned by your hook controller)`;
  if (w.state === "Updated") text += `; ${n === 1 ? "it is" : "they are"} updated but not available until then`;
  if (w.markPodNotReady) text += `; Kruise marks ${n === 1 ? "it" : "them"} not ready meanwhile (markPodNotReady)`;
  return text;
}

/** Hook holds among the pods (already the CloneSet's own), worded. */
export function hookWaitViews(cs: ViewWorkload, owned: ViewPod[]): HookWaitView[] {
  return hookWaits(cs.spec?.lifecycle, owned).map((w) => ({ ...w, text: hookWaitText(w) }));
}

/** A CloneSet declares at least one lifecycle hook (only those can hold pods). */
export function hasHooks(cs: ViewWorkload): boolean {
  const lc = cs.spec?.lifecycle;
  return !!(lc?.inPlaceUpdate || lc?.preDelete || lc?.preNormal);
}

/** For the list: hook holds per CloneSet key (`namespace/name`), for the CloneSets that have any. */
export function hookWaitsByCloneSet(cloneSets: ViewWorkload[], pods: ViewPod[]): Map<string, HookWaitView[]> {
  const out = new Map<string, HookWaitView[]>();
  for (const cs of cloneSets.filter(hasHooks)) {
    const waits = hookWaitViews(cs, ownedBy(pods, cs));
    if (waits.length) out.set(`${cs.metadata?.namespace ?? ""}/${cs.metadata?.name ?? ""}`, waits);
  }
  return out;
}
