"use client";
import { useState } from "react";
import type { ApiErrorBody, IntentOutcome } from "@/lib/k8s/wire";
import { isWriteFailure } from "@/lib/client/api";
import { useKruiseRolloutAction, type KruiseRolloutBody } from "@/lib/client/kruise-rollout";
import type { Rollout } from "@/lib/k8s/objects";
import { kruiseRolloutBase } from "@/lib/kruise/kruise-rollout/base";
import type { RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";

export type ActionInput = Pick<KruiseRolloutBody, "action" | "to">;
type Answered = Extract<IntentOutcome, { kind: "preview" | "saved" }>;

export interface KruiseRolloutActionState {
  /** the previewed request and which action it is for */
  shown: { key: string; answer: Answered } | null;
  error: { key: string; error: ApiErrorBody } | null;
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
  kind?: RolloutWorkloadKind,
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
      // `kind` only for a StatefulSet: a CloneSet page's request stays as it was.
      { ...i, cloneSet, ...(kind && kind !== "CloneSet" ? { kind } : {}), base: kruiseRolloutBase(r), preview },
      {
        onSuccess: (answer) => {
          if (isWriteFailure(answer)) return setError({ key, error: answer });
          if (preview) return setShown({ key, answer });
          setShown(null);
          const attempts = answer.kind === "saved" ? answer.attempts : undefined;
          const retries = attempts && attempts > 1 ? ` (sent ${attempts} times: the controller undid it)` : "";
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
