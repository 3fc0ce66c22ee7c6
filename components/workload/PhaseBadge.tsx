import type { ReactNode } from "react";
import type { CloneSetState, StateKind } from "@/lib/kruise/view/state";
import { Badge, type Tone } from "@/components/ui/Badge";
import { KRUISE_ROLLOUT_ICON } from "@/components/kruise-rollout/KruiseRolloutBadge";

/**
 * Tone and icon per state; the word comes from the state itself (lib/kruise/view/state.ts), never from here. Icons are
 * characters the common fonts have (DejaVu on Linux too), so none is drawn as an empty box.
 */
export const STATE_LOOK: Record<StateKind, { tone: Tone; icon: string }> = {
  complete: { tone: "ok", icon: "✓" },
  rolling: { tone: "info", icon: "↻" },
  stuck: { tone: "bad", icon: "✕" },
  "held-by-partition": { tone: "neutral", icon: "‖" },
  paused: { tone: "warn", icon: "‖" },
  scaling: { tone: "info", icon: "⇅" },
  "waiting-for-controller": { tone: "warn", icon: "!" },
  "waiting-for-hook": { tone: "warn", icon: "◷" },
  rollout: { tone: "info", icon: "↻" },
};

/** The CloneSet's one state as a badge; the reason is its tooltip (and its accessible description). */
export function PhaseBadge({ state, capital }: { state: CloneSetState; capital?: boolean }) {
  // Under a Kruise Rollout the badge looks like the Rollout's own badge: same words, same tone and icon.
  const look = state.rollout
    ? { tone: state.rollout.tone, icon: KRUISE_ROLLOUT_ICON[state.rollout.tone] }
    : STATE_LOOK[state.kind];
  const word = capital ? state.word[0].toUpperCase() + state.word.slice(1) : state.word;
  return (
    <span data-testid="state" data-state={state.kind} className="state-badge">
      <Badge tone={look.tone} icon={look.icon} title={state.reason}>
        {word}
      </Badge>
      <span className="sr-only">: {state.reason}</span>
    </span>
  );
}

/**
 * The state beside a Kruise Rollout badge (list row, detail header). When the state is the Rollout's (rule 7 in
 * lib/kruise/view/state.ts) the Rollout's badge, named and linked, stands for it: one badge, one story.
 */
export function StateBadges({ state, kruiseRolloutBadge }: { state: CloneSetState; kruiseRolloutBadge?: ReactNode }) {
  if (state.kind !== "rollout" || !kruiseRolloutBadge)
    return (
      <>
        <PhaseBadge state={state} />
        {kruiseRolloutBadge}
      </>
    );
  return (
    <span data-testid="state" data-state={state.kind} className="state-badge">
      {kruiseRolloutBadge}
      <span className="sr-only">: {state.reason}</span>
    </span>
  );
}
