import { Badge } from "@/components/ui/Badge";
import { stateBadgeText, type RolloutState } from "@/lib/kruise/kruise-rollout/state";

export const KRUISE_ROLLOUT_ICON: Record<RolloutState["tone"], string> = {
  ok: "✓",
  info: "↻",
  warn: "‖",
  bad: "✕",
  neutral: "•",
};

/** "Rollout checkout: step 2/3, paused" — the workload is under a Kruise Rollout; links to its section. */
export function KruiseRolloutBadge({
  name,
  state,
  href,
}: {
  name: string;
  state?: RolloutState;
  /** where the Rollout section is (the detail page's anchor, or the detail page from the list) */
  href: string;
}) {
  const text = state ? stateBadgeText(state) : "release in progress";
  return (
    <a
      href={href}
      data-testid="rollout-badge"
      title={state?.words ?? `Kruise Rollout ${name} owns this workload's releases`}
    >
      <Badge tone={state?.tone ?? "info"} icon={state ? KRUISE_ROLLOUT_ICON[state.tone] : "↻"}>
        Rollout {name}: {text}
      </Badge>
    </a>
  );
}
