"use client";
import { useState } from "react";
import type { K8sObject } from "@/lib/k8s/wire";
import {
  updateBaseOf,
  useUpdateMutation,
  type UpdateBase,
  type UpdateError,
  type UpdateIntentBody,
  type ShownRequest,
} from "@/lib/client/update";

export interface UpdateIntentState {
  /** the guard values captured when the user started this change (what the page showed then) */
  shown: UpdateBase | null;
  /** start (or keep) a change: freezes the base the preview was made against */
  touch: () => UpdateBase;
  /** forget the frozen base: the next preview starts from the live object */
  reset: () => void;
  request: ShownRequest | null;
  error: UpdateError | null;
  done: string | null;
  pending: boolean;
  showRequest: (i: Omit<UpdateIntentBody, "base" | "preview">) => void;
  apply: (i: Omit<UpdateIntentBody, "base" | "preview">, doneText: string) => void;
}

/**
 * One control's write cycle: freeze the base at the first edit, preview the exact request,
 * apply, and keep a conflict (with the values now on the cluster) until the user re-previews.
 */
export function useUpdateIntent(
  cluster: string,
  ns: string,
  name: string,
  object: K8sObject,
  withTemplate = false,
): UpdateIntentState {
  const m = useUpdateMutation(cluster, ns, name);
  const [shown, setShown] = useState<UpdateBase | null>(null);
  const [request, setRequest] = useState<ShownRequest | null>(null);
  const [error, setError] = useState<UpdateError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const touch = () => {
    if (shown) return shown;
    const b = updateBaseOf(object, withTemplate);
    setShown(b);
    setDone(null);
    return b;
  };
  const reset = () => {
    setShown(null);
    setRequest(null);
    setError(null);
  };
  const send = (i: Omit<UpdateIntentBody, "base" | "preview">, preview: boolean, doneText?: string) => {
    const base = touch();
    setError(null);
    m.mutate(
      { ...i, base, preview },
      {
        onSuccess: (r) => {
          setRequest(r.request);
          if (!preview) {
            setShown(null);
            setRequest(null);
            setDone(doneText ?? "Applied");
          }
        },
        onError: (e) => setError(e),
      },
    );
  };
  return {
    shown,
    touch,
    reset,
    request,
    error,
    done,
    pending: m.isPending,
    showRequest: (i) => send(i, true),
    apply: (i, doneText) => send(i, false, doneText),
  };
}
