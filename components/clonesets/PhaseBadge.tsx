import type { RolloutPhase } from "@/lib/kruise/view/list";
import { Badge, type Tone } from "@/components/ui/Badge";

const PHASES: Record<RolloutPhase, { tone: Tone; icon: string; text: string; title: string }> = {
  complete: {
    tone: "ok",
    icon: "✓",
    text: "rolled out",
    title: "currentRevision = updateRevision and the target is available",
  },
  rolling: { tone: "info", icon: "↻", text: "rolling", title: "pods are moving to the update revision" },
  stuck: {
    tone: "bad",
    icon: "×",
    text: "stuck",
    title: "pods of the current step are failing; see the in-place update batches",
  },
  partitioned: {
    tone: "neutral",
    icon: "‖",
    text: "held by partition",
    title: "the partition's target is reached; the rest stay on old revisions",
  },
  paused: { tone: "warn", icon: "‖", text: "paused", title: "updateStrategy.paused is true" },
  "stale-status": {
    tone: "warn",
    icon: "!",
    text: "waiting for the controller",
    title: "status.observedGeneration < metadata.generation: the controller has not processed the latest spec yet",
  },
  "waiting-for-hook": {
    tone: "warn",
    icon: "⧗",
    text: "waiting for a lifecycle hook",
    title: "pods are held by a lifecycle hook until your hook controller changes their labels or finalizers",
  },
};

export function PhaseBadge({ phase }: { phase: RolloutPhase }) {
  const p = PHASES[phase];
  return (
    <Badge tone={p.tone} icon={p.icon} title={p.title}>
      {p.text}
    </Badge>
  );
}
