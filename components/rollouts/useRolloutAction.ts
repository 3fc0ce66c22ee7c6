"use client";
import { useState } from "react";
import type { ApiError } from "@/lib/client/api";
import {
  rolloutActionBase,
  useRolloutAction,
  type RolloutActionAnswer,
  type RolloutActionBody,
} from "@/lib/client/kruise-rollout";
import type { Rollout } from "@/lib/k8s/objects";

export type ActionInput = Pick<RolloutActionBody, "action" | "to">;

export interface RolloutActionState {
  /** the previewed request and which action it is for */
  shown: { key: string; answer: RolloutActionAnswer } | null;
  error: { key: string; error: ApiError } | null;
  done: string | null;
  pending: boolean;
  preview: (i: ActionInput) => void;
  apply: (i: ActionInput, doneText: string) => void;
}

const keyOf = (i: ActionInput) => `${i.action}${i.to ?? ""}`;

/** One Rollout's write cycle: preview the exact request, send, keep the answer or the refusal by action. */
export function useRolloutActionState(cluster: string, ns: string, cloneSet: string, r: Rollout): RolloutActionState {
  const m = useRolloutAction(cluster, ns, r.metadata.name);
  const [shown, setShown] = useState<RolloutActionState["shown"]>(null);
  const [error, setError] = useState<RolloutActionState["error"]>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = (i: ActionInput, preview: boolean, doneText?: string) => {
    const key = keyOf(i);
    setError(null);
    setDone(null);
    m.mutate(
      { ...i, cloneSet, base: rolloutActionBase(r), preview },
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
