"use client";
import { useState } from "react";
import type { CloneSet } from "@/lib/k8s/objects";
import type { ApiErrorBody, UpdateBase, WireRequest, WriteFailure } from "@/lib/k8s/wire";
import { isWriteFailure } from "@/lib/client/api";
import { useRollbackMutation } from "@/lib/client/rollback";
import { updateBaseOf } from "@/lib/kruise/core/update-base";

export interface RollbackIntentState {
  /** start (or keep) a rollback: freezes the template, partition and generation the preview is made against */
  touch: () => UpdateBase;
  reset: () => void;
  request: WireRequest | null;
  error: (ApiErrorBody & Partial<Pick<WriteFailure, "current">>) | null;
  done: string | null;
  pending: boolean;
  showRequest: (revision: string, everyPod: boolean) => void;
  apply: (revision: string, everyPod: boolean, doneText: string, onDone?: () => void) => void;
}

/**
 * One rollback's write cycle through POST …/clonesets/<name>/rollback: freeze the base at the first look, preview the
 * exact request, send, and keep a refusal (with the values now on the cluster) until the user looks again.
 */
export function useRollbackIntent(cluster: string, ns: string, name: string, object: CloneSet): RollbackIntentState {
  const m = useRollbackMutation(cluster, ns, name);
  const [shown, setShown] = useState<UpdateBase | null>(null);
  const [request, setRequest] = useState<WireRequest | null>(null);
  const [error, setError] = useState<RollbackIntentState["error"]>(null);
  const [done, setDone] = useState<string | null>(null);
  const touch = () => {
    if (shown) return shown;
    const b = updateBaseOf(object, true);
    setShown(b);
    setDone(null);
    return b;
  };
  const reset = () => {
    setShown(null);
    setRequest(null);
    setError(null);
  };
  const send = (revision: string, everyPod: boolean, preview: boolean, doneText?: string, onDone?: () => void) => {
    const base = touch();
    setError(null);
    m.mutate(
      { revision, everyPod, base, preview },
      {
        onSuccess: (outcome) => {
          if (isWriteFailure(outcome)) return setError(outcome);
          setRequest(outcome.request);
          if (!preview) {
            setShown(null);
            setRequest(null);
            setDone(doneText ?? "Rolled back");
            onDone?.();
          }
        },
        onError: (e) => setError(e),
      },
    );
  };
  return {
    touch,
    reset,
    request,
    error,
    done,
    pending: m.isPending,
    showRequest: (revision, everyPod) => send(revision, everyPod, true),
    apply: (revision, everyPod, doneText, onDone) => send(revision, everyPod, false, doneText, onDone),
  };
}
