/**
 * Lifecycle hook holds in words: what a stalled step waits for and who must act (docs/kruise-rules.md §2.2, §8).
 */
import type { HookName, HookWait } from "../lifecycle/waits";
import { listPhrase, plural } from "./format";

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
