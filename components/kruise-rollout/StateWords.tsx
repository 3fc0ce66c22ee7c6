"use client";
import { timerWordsAt, type RolloutState } from "@/lib/kruise/kruise-rollout/state";
import { useNow } from "@/components/ui/useNow";

/** A timed pause counted on each second from when it started (the page's own clock ticks every 10 s). */
function Ticking({ timer }: { timer: NonNullable<RolloutState["timer"]> }) {
  const now = useNow(1000);
  return <>{timerWordsAt(timer, Math.max(now.getTime(), timer.since + timer.elapsed * 1000))}</>;
}

/** The Rollout state's sentence; a timed pause counts up each second instead of jumping with the page's clock. */
export function StateWords({ state }: { state: RolloutState }) {
  return state.timer ? <Ticking timer={state.timer} /> : <>{state.words}</>;
}
