/**
 * The demo scenario's CloneSets as kubectl sees them, so specs find "the mid-rollout one" by its state
 * rather than by a hard-coded name.
 */
import { kubectlJson } from "./cluster";

export interface CS {
  metadata: { name: string; namespace: string; generation: number; deletionTimestamp?: string };
  spec: { replicas: number; updateStrategy?: { type?: string; partition?: number | string; paused?: boolean } };
  status?: {
    updateRevision?: string;
    currentRevision?: string;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    replicas?: number;
    readyReplicas?: number;
  };
}

// The demo scenario's namespaces: other specs create (and delete) CloneSets of their own elsewhere.
const DEMO_NAMESPACES = new Set(["shop", "payments"]);

const demo = (c: CS) => DEMO_NAMESPACES.has(c.metadata.namespace) && !c.metadata.deletionTimestamp;

export function cloneSets(): CS[] {
  return kubectlJson<{ items: CS[] }>("get", "clonesets.apps.kruise.io", "-A").items;
}

/** InPlaceIfPossible, partition > 0, some pods already moved and ready, revisions not yet synced. */
export function midRollout(list = cloneSets()): CS | undefined {
  return list.find(
    (c) =>
      demo(c) &&
      c.spec.updateStrategy?.type === "InPlaceIfPossible" &&
      c.spec.updateStrategy.partition &&
      c.status?.updateRevision &&
      c.status.currentRevision !== c.status.updateRevision &&
      (c.status.updatedReadyReplicas ?? 0) > 0,
  );
}

/** A small, not paused CloneSet to poke with kubectl. */
export function steady(list = cloneSets()): CS | undefined {
  return list.find(
    (c) =>
      demo(c) &&
      !c.spec.updateStrategy?.paused &&
      c.spec.replicas <= 10 &&
      c.status?.currentRevision === c.status?.updateRevision,
  );
}

/** Polls kubectl until `pick` finds a CloneSet (the demo converges after the server is up); fails after `timeoutMs`. */
export async function eventually(pick: (list: CS[]) => CS | undefined, what: string, timeoutMs = 180_000): Promise<CS> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let found: CS | undefined;
    try {
      found = pick(cloneSets());
    } catch {
      // A slow or busy sandbox: kubectl timed out; ask again.
    }
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`the demo scenario never showed ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Every object of a workload kind (`statefulsets.apps.kruise.io`, …) in the cluster that is not being deleted. */
export function workloads(resource: string): { metadata: { name: string; namespace: string } }[] {
  return kubectlJson<{ items: { metadata: { name: string; namespace: string; deletionTimestamp?: string } }[] }>(
    "get",
    resource,
    "-A",
  ).items.filter((o) => !o.metadata.deletionTimestamp);
}
