/**
 * Advanced DaemonSet (apps.kruise.io/v1alpha1) as a scenario workload, kept to the file's own nodes by a required
 * node affinity on their hostname (the cluster may hold other nodes), sent sparse so each server's webhook fills the
 * defaults (docs/kruise-rules.md §14.11); settled once every node it asks for runs a ready pod of the current
 * revision (§14.7). Pods are labelled `app=<name>`.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import type { DaemonSet, Node } from "@/lib/k8s/objects";
import type { ControllerHandle } from "./harness";
import type { WorkloadKind } from "./workload";

/** The nodes a DaemonSet file's kubelet registers (`useController(kind, { nodes: 4 })`); -1 and -4 are in zone-a. */
export const NODES = ["sandbox-node-1", "sandbox-node-2", "sandbox-node-3", "sandbox-node-4"];

/** The cluster's nodes (the file's four, and on the shared kube-apiserver any other file's). */
export async function clusterNodes(h: ControllerHandle): Promise<Node[]> {
  return (await h.kc().makeApiClient(CoreV1Api).listNode()).items as Node[];
}

export const DAEMONSET: WorkloadKind<DaemonSet> = {
  kind: "DaemonSet",
  group: "apps.kruise.io",
  version: "v1alpha1",
  plural: "daemonsets",
  podSelector: (name) => `app=${name}`,
  settled: (d) => {
    const s = d.status;
    return (
      !!s &&
      s.observedGeneration === d.metadata.generation &&
      s.desiredNumberScheduled > 0 &&
      s.numberReady === s.desiredNumberScheduled &&
      s.currentNumberScheduled === s.desiredNumberScheduled &&
      s.numberMisscheduled === 0 &&
      (s.updatedNumberScheduled ?? 0) === s.desiredNumberScheduled
    );
  },
};

type RollingUpdate = NonNullable<NonNullable<DaemonSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

export interface DaemonSetOptions {
  nodes: string[];
  image?: string;
  ru?: RollingUpdate;
  spec?: Partial<DaemonSet["spec"]>;
  /** the InPlaceUpdateReady readiness gate, which in-place updates need on a daemon pod */
  gate?: boolean;
}

export function daemonSet(name: string, o: DaemonSetOptions): DaemonSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "DaemonSet",
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          ...(o.gate ? { readinessGates: [{ conditionType: "InPlaceUpdateReady" }] } : {}),
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  { matchExpressions: [{ key: "kubernetes.io/hostname", operator: "In", values: o.nodes }] },
                ],
              },
            },
          },
          containers: [{ name: "agent", image: o.image ?? "fluent/fluent-bit:2.2" }],
        },
      },
      ...(o.ru ? { updateStrategy: { type: "RollingUpdate", rollingUpdate: o.ru } } : {}),
      ...o.spec,
    },
  };
}

/** The merge patch that changes the agent's image, and optionally the rolling update. */
export function daemonImagePatch(image: string, ru?: RollingUpdate) {
  return {
    spec: {
      ...(ru ? { updateStrategy: { rollingUpdate: ru } } : {}),
      template: { spec: { containers: [{ name: "agent", image }] } },
    },
  };
}
