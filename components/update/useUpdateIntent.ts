"use client";
import { useState } from "react";
import type { ApiErrorBody, K8sObject, ResourceName, UpdateBase, WireRequest, WriteFailure } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { isWriteFailure } from "@/lib/client/api";
import { useUpdateMutation, type UpdateBody } from "@/lib/client/update";
import { updateBaseOf } from "@/lib/kruise/core/update-base";

/** An update intent as a control states it; the base and preview flag are the cycle's. */
export type UpdateInput = UpdateBody extends infer B
  ? B extends unknown
    ? Omit<B, "base" | "preview">
    : never
  : never;

export interface UpdateIntentState {
  /** the guard values captured when the user started this change (what the page showed then) */
  shown: UpdateBase | null;
  /** start (or keep) a change: freezes the base the preview was made against */
  touch: () => UpdateBase;
  /** forget the frozen base: the next preview starts from the live object */
  reset: () => void;
  request: WireRequest | null;
  /** the refusal (a stale one carries the values now on the cluster) or the error */
  error: (ApiErrorBody & Partial<Pick<WriteFailure, "current">>) | null;
  done: string | null;
  pending: boolean;
  showRequest: (i: UpdateInput) => void;
  apply: (i: UpdateInput, doneText: string) => void;
}

/**
 * One control's write cycle: freeze the base at the first edit, preview the exact request,
 * apply, and keep a conflict (with the values now on the cluster) until the user re-previews.
 */
export function useUpdateIntent(
  cluster: string,
  ns: string,
  resource: ResourceName,
  name: string,
  object: K8sObject,
  withTemplate = false,
): UpdateIntentState {
  const m = useUpdateMutation(cluster, ns, resource, name);
  const [shown, setShown] = useState<UpdateBase | null>(null);
  const [request, setRequest] = useState<WireRequest | null>(null);
  const [error, setError] = useState<UpdateIntentState["error"]>(null);
  const [done, setDone] = useState<string | null>(null);
  const touch = () => {
    if (shown) return shown;
    const b = updateBaseOf(object, withTemplate, KINDS.get(resource).strategy?.path);
    setShown(b);
    setDone(null);
    return b;
  };
  const reset = () => {
    setShown(null);
    setRequest(null);
    setError(null);
  };
  const send = (i: UpdateInput, preview: boolean, doneText?: string) => {
    const base = touch();
    setError(null);
    m.mutate({ ...i, base, preview } as UpdateBody, {
      onSuccess: (outcome) => {
        if (isWriteFailure(outcome)) return setError(outcome);
        setRequest(outcome.request);
        if (!preview) {
          setShown(null);
          setRequest(null);
          setDone(doneText ?? "Applied");
        }
      },
      onError: (e) => setError(e),
    });
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
