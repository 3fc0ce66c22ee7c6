"use client";
import { useState } from "react";
import type { ApiError } from "@/lib/client/api";
import {
  kruiseRolloutBase,
  useKruiseRolloutAction,
  type KruiseRolloutAnswer,
  type KruiseRolloutActionBody,
} from "@/lib/client/kruise-rollout";
import type { Rollout } from "@/lib/k8s/objects";

export type ActionInput = Pick<KruiseRolloutActionBody, "action" | "to">;

export interface KruiseRolloutActionState {
  /** the previewed request and which action it is for */
  shown: { key: string; answer: KruiseRolloutAnswer } | null;
  error: { key: string; error: ApiError } | null;
  done: string | null;
  pending: boolean;
  preview: (i: ActionInput) => void;
  apply: (i: ActionInput, doneText: string) => void;
}

const keyOf = (i: ActionInput) => `${i.action}${i.to ?? ""}`;

/** One Rollout's write cycle: preview the exact request, send, keep the answer or the refusal by action. */
export function useKruiseRolloutActionState(
  cluster: string,
  ns: string,
  cloneSet: string,
  r: Rollout,
): KruiseRolloutActionState {
  const m = useKruiseRolloutAction(cluster, ns, r.metadata.name);
  const [shown, setShown] = useState<KruiseRolloutActionState["shown"]>(null);
  const [error, setError] = useState<KruiseRolloutActionState["error"]>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = (i: ActionInput, preview: boolean, doneText?: string) => {
    const key = keyOf(i);
    setError(null);
    setDone(null);
    m.mutate(
      { ...i, cloneSet, base: kruiseRolloutBase(r), preview },
      {
        onSuccess: (answer) => {
          if (preview) return setShown({ key, answer });
          setShown(null);
          const retries =
            answer.attempts && answer.attempts > 1 ? ` (sent ${answer.attempts} times: the controller undid it)` : "";
          setDone(`${doneText ?? "Done"}${retries}`);
        },
        onError: (e) => setError({ key, error: e }),
      },
    );
  };
  return {
    shown,
    error,
    done,
    pending: m.isPending,
    preview: (i) => send(i, true),
    apply: (i, doneText) => send(i, false, doneText),
  };
}
