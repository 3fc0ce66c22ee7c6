"use client";
import type { RolloutState } from "@/lib/kruise/kruise-rollout/state";
import { StateWords } from "./StateWords";

/**
 * A state's reason; where it quotes a Rollout's timed pause ("paused 5 s of 60"), that part counts each second
 * (StateWords) instead of jumping with the page's 10-second clock.
 */
export function TickingReason({ reason, rollout }: { reason: string; rollout?: RolloutState }) {
  const at = rollout?.timer ? reason.indexOf(rollout.words) : -1;
  if (!rollout || at < 0) return <>{reason}</>;
  return (
    <>
      {reason.slice(0, at)}
      <StateWords state={rollout} />
      {reason.slice(at + rollout.words.length)}
    </>
  );
}
