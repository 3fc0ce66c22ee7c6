// Rollout conditions as upstream keeps them (docs/kruise-rollouts.md §4.3): a condition's lastUpdateTime is set
// only when it is created, lastTransitionTime only when its status flips, and a reason change copies the message
// to status.message. Upstream: openkruise/rollouts v0.6.2 pkg/util/condition.go, pkg/controller/rollout/
// rollout_progressing.go `progressingStateTransition`.
import type { RolloutCondition, RolloutStatus } from "@/lib/k8s/objects";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";

export type Status = Partial<RolloutStatus>;

export function getCondition(s: Status | undefined, type: string): RolloutCondition | undefined {
  const c = s?.conditions?.find((x) => x.type === type);
  return c && { ...c };
}

export function newCondition(type: string, status: string, reason: string, message: string, now: number) {
  const t = rfc3339(now);
  return { type, status, reason, message, lastUpdateTime: t, lastTransitionTime: t };
}

export function setCondition(s: Status, c: RolloutCondition): void {
  const cur = getCondition(s, c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason && cur.message === c.message) return;
  const next = { ...c };
  if (cur && cur.status === c.status) next.lastTransitionTime = cur.lastTransitionTime;
  s.conditions = [...(s.conditions ?? []).filter((x) => x.type !== c.type), next];
}

export function removeCondition(s: Status, type: string): void {
  if (s.conditions) s.conditions = s.conditions.filter((x) => x.type !== type);
}

/** Moves the Progressing condition to (status, reason); an empty message keeps the old one. */
export function progressingTransition(s: Status, status: string, reason: string, message: string, now: number): void {
  const cur = getCondition(s, "Progressing");
  const c = cur
    ? { ...cur, status, reason, message: message || cur.message }
    : newCondition("Progressing", status, reason, message, now);
  setCondition(s, c);
  s.message = c.message;
}
