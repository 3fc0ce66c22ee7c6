/**
 * Advanced StatefulSet (apps.kruise.io/v1beta1) as a scenario workload: the object the scenarios start from, sent
 * sparse so each server's webhook fills the defaults (docs/kruise-rules.md §13.11), and when its status has caught
 * up (§13.6). Pods are `<name>-<ordinal>`, labelled `app=<name>`.
 */
import type { StatefulSet } from "@/lib/k8s/objects";
import type { WorkloadKind } from "./workload";

export const STATEFULSET: WorkloadKind<StatefulSet> = {
  kind: "StatefulSet",
  group: "apps.kruise.io",
  version: "v1beta1",
  plural: "statefulsets",
  podSelector: (name) => `app=${name}`,
  // The status describes this spec and every pod it asks for is there and ready.
  settled: (s) => {
    const st = s.status;
    const replicas = s.spec.replicas ?? 1;
    return (
      !!st &&
      st.observedGeneration === s.metadata.generation &&
      st.replicas === replicas &&
      st.readyReplicas === replicas
    );
  },
};

type RollingUpdate = NonNullable<NonNullable<StatefulSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

export interface StatefulSetOptions {
  replicas: number;
  image?: string;
  /** updateStrategy.rollingUpdate; podUpdatePolicy InPlaceIfPossible unless given */
  ru?: RollingUpdate;
  parallel?: boolean;
  spec?: Partial<StatefulSet["spec"]>;
  podLabels?: Record<string, string>;
}

/**
 * Two containers (the app and a sidecar that never changes) with the InPlaceUpdateReady readiness gate, which
 * Kruise's webhook requires for podUpdatePolicy InPlaceIfPossible.
 */
export function statefulSet(name: string, o: StatefulSetOptions): StatefulSet {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name },
    spec: {
      replicas: o.replicas,
      serviceName: name,
      ...(o.parallel ? { podManagementPolicy: "Parallel" } : {}),
      selector: { matchLabels: { app: name } },
      updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible", ...o.ru } },
      template: {
        metadata: { labels: { app: name, ...o.podLabels } },
        spec: {
          readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
          containers: statefulContainers(o.image ?? "nginx:1.0"),
        },
      },
      ...o.spec,
    },
  };
}

export function statefulContainers(image: string, sidecarEnv?: string) {
  return [
    { name: "app", image },
    { name: "sidecar", image: "busybox:1.36", ...(sidecarEnv ? { env: [{ name: "MODE", value: sidecarEnv }] } : {}) },
  ];
}

/** The merge patch that changes the app image (in place possible), and with `sidecarEnv` an env (recreate). */
export function statefulImagePatch(image: string, ru?: RollingUpdate, sidecarEnv?: string) {
  return {
    spec: {
      ...(ru ? { updateStrategy: { rollingUpdate: ru } } : {}),
      template: { spec: { containers: statefulContainers(image, sidecarEnv) } },
    },
  };
}

/** `<name>-<ordinal>` of each ordinal. */
export const ordinalNames = (name: string, ordinals: number[]) => ordinals.map((o) => `${name}-${o}`);
