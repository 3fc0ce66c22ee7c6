// Rollout and CloneSet fixtures shaped like the v0.6.2 controller's objects (docs/kruise-rollouts.md §12).
import type { CanaryStep, CloneSet, Rollout } from "../../k8s/objects";

export const CHECKOUT_STEPS: CanaryStep[] = [
  { replicas: 1, pause: {} },
  { replicas: "50%", pause: { duration: 20 } },
  { replicas: "100%" },
];

export function cloneSet(
  over: { annotations?: Record<string, string>; labels?: Record<string, string> } = {},
): CloneSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: {
      name: "checkout",
      namespace: "shop",
      generation: 2,
      labels: { "rollouts.kruise.io/workload-type": "cloneset", ...over.labels },
      annotations: over.annotations ?? {},
    },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: "checkout" } },
      template: {
        metadata: { labels: { app: "checkout" } },
        spec: { containers: [{ name: "app", image: "shop/checkout:2" }] },
      },
      updateStrategy: { partition: 3 },
    },
    status: {
      replicas: 4,
      readyReplicas: 4,
      availableReplicas: 4,
      updatedReplicas: 1,
      updatedReadyReplicas: 1,
      currentRevision: "checkout-h1",
      updateRevision: "checkout-h2",
      observedGeneration: 2,
    },
  } as CloneSet;
}

export interface RolloutOver {
  state?: string;
  step?: number;
  phase?: string;
  reason?: string;
  paused?: boolean;
  disabled?: boolean;
  lastUpdateTime?: string;
  steps?: CanaryStep[];
  name?: string;
  target?: string;
}

export function rollout(o: RolloutOver = {}): Rollout {
  const steps = o.steps ?? CHECKOUT_STEPS;
  const step = o.step ?? 1;
  return {
    apiVersion: "rollouts.kruise.io/v1beta1",
    kind: "Rollout",
    metadata: { name: o.name ?? "checkout", namespace: "shop", generation: 1 },
    spec: {
      workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: o.target ?? "checkout" },
      strategy: { canary: { steps }, ...(o.paused ? { paused: true } : {}) },
      ...(o.disabled ? { disabled: true } : {}),
    },
    status: {
      phase: o.phase ?? "Progressing",
      observedGeneration: 1,
      currentStepIndex: step,
      currentStepState: o.state ?? "StepPaused",
      message: "Rollout is in step(1/3), and you need manually confirm to enter the next step",
      conditions: [
        { type: "Progressing", status: "True", reason: o.reason ?? "InRolling", message: "Rollout is in Progressing" },
      ],
      canaryStatus: {
        currentStepIndex: step,
        nextStepIndex: step >= steps.length ? -1 : step + 1,
        currentStepState: o.state ?? "StepPaused",
        stableRevision: "h1",
        canaryRevision: "h2",
        podTemplateHash: "h2",
        canaryReplicas: 1,
        canaryReadyReplicas: 1,
        observedRolloutID: "h2",
        finalisingStep: "",
        lastUpdateTime: o.lastUpdateTime ?? "2026-01-01T00:00:00Z",
      },
    },
  } as Rollout;
}
