/**
 * CloneSet as a scenario workload: the object the scenarios start from and when its status has caught up
 * (docs/kruise-rules.md §3.1, §10).
 */
import type { CloneSet, CloneSetSpec } from "@/lib/k8s/objects";
import type { WorkloadKind } from "./workload";

export const CLONESET: WorkloadKind<CloneSet> = {
  kind: "CloneSet",
  group: "apps.kruise.io",
  version: "v1alpha1",
  plural: "clonesets",
  podSelector: (name) => `app=${name}`,
  // The status describes this spec, every pod is ready, and the partition's share is on the update revision.
  settled: (cs) => {
    const s = cs.status;
    const replicas = cs.spec.replicas ?? 1;
    return (
      !!s &&
      s.observedGeneration === cs.metadata.generation &&
      s.replicas === replicas &&
      s.readyReplicas === replicas &&
      (s.updatedReadyReplicas ?? 0) >= (s.expectedUpdatedReplicas ?? replicas)
    );
  },
};

export interface CloneSetOptions {
  replicas: number;
  image?: string;
  strategy?: CloneSetSpec["updateStrategy"];
  scaleStrategy?: CloneSetSpec["scaleStrategy"];
  lifecycle?: CloneSetSpec["lifecycle"];
  podLabels?: Record<string, string>;
}

/** Two containers (the app and a sidecar that never changes), pods labelled `app=<name>`. */
export function cloneSet(name: string, o: CloneSetOptions): CloneSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name },
    spec: {
      replicas: o.replicas,
      selector: { matchLabels: { app: name } },
      updateStrategy: { type: "InPlaceIfPossible", ...o.strategy },
      ...(o.scaleStrategy ? { scaleStrategy: o.scaleStrategy } : {}),
      ...(o.lifecycle ? { lifecycle: o.lifecycle } : {}),
      template: {
        metadata: { labels: { app: name, ...o.podLabels } },
        spec: { containers: containers(o.image ?? "nginx:1.0") },
      },
    },
  };
}

export function containers(image: string, sidecarEnv?: string) {
  return [
    { name: "app", image },
    { name: "sidecar", image: "busybox:1.36", ...(sidecarEnv ? { env: [{ name: "MODE", value: sidecarEnv }] } : {}) },
  ];
}

/** The merge patch that changes the app image (in place possible) and, optionally, the update strategy. */
export function imagePatch(image: string, strategy?: Record<string, unknown>, sidecarEnv?: string) {
  return {
    spec: {
      ...(strategy ? { updateStrategy: strategy } : {}),
      template: { spec: { containers: containers(image, sidecarEnv) } },
    },
  };
}
