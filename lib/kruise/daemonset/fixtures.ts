// Advanced DaemonSets, nodes and daemon pods shaped as the real controller writes them, for this room's tests.
import type { DaemonSet, Node, Pod, Taint } from "../../k8s/objects";
import { nodeNameAffinity } from "./placement";

export const NOW = Date.parse("2026-11-22T12:00:00Z");
export const OLD = "6b5d8c7f9";
export const NEW = "7c6f9d8b5";

type RollingUpdate = NonNullable<NonNullable<DaemonSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

export function node(i: number, o: { labels?: Record<string, string>; taints?: Taint[] } = {}): Node {
  const name = `node-${i}`;
  return {
    metadata: { name, labels: { "kubernetes.io/hostname": name, ...o.labels } },
    spec: { ...(o.taints ? { taints: o.taints } : {}) },
  };
}

export const nodes = (n: number) => Array.from({ length: n }, (_, i) => node(i + 1));

export function daemonSet(ru: RollingUpdate = {}, extra: Partial<DaemonSet["spec"]> = {}): DaemonSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "DaemonSet",
    metadata: { name: "agent", namespace: "infra", uid: "ds-uid", generation: 2 },
    spec: {
      selector: { matchLabels: { app: "agent" } },
      template: { metadata: { labels: { app: "agent" } }, spec: { containers: [{ name: "agent", image: "agent:2" }] } },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1, maxSurge: 0, ...ru },
      },
      ...extra,
    },
    status: {
      desiredNumberScheduled: 0,
      currentNumberScheduled: 0,
      numberMisscheduled: 0,
      numberReady: 0,
      updatedNumberScheduled: 0,
      daemonSetHash: NEW,
    },
  };
}

export interface PodOpts {
  hash?: string;
  ready?: boolean;
  state?: string;
  deleting?: boolean;
  bound?: boolean;
  created?: string;
  phase?: string;
  gate?: boolean;
  suffix?: string;
}

export function dpod(nodeIndex: number, o: PodOpts = {}): Pod {
  const ready = o.ready ?? true;
  const nodeName = `node-${nodeIndex}`;
  return {
    metadata: {
      name: `agent-${o.suffix ?? `n${nodeIndex}`}`,
      namespace: "infra",
      uid: `uid-${nodeIndex}-${o.suffix ?? ""}`,
      creationTimestamp: o.created ?? "2026-11-22T10:00:00Z",
      labels: {
        app: "agent",
        "controller-revision-hash": o.hash ?? OLD,
        ...(o.state ? { "lifecycle.apps.kruise.io/state": o.state } : {}),
      },
      ...(o.deleting ? { deletionTimestamp: "2026-11-22T11:59:00Z" } : {}),
    },
    spec: {
      containers: [{ name: "agent", image: "agent:1" }],
      affinity: { nodeAffinity: nodeNameAffinity(nodeName) },
      ...(o.bound === false ? {} : { nodeName }),
      ...(o.gate ? { readinessGates: [{ conditionType: "InPlaceUpdateReady" }] } : {}),
    },
    status: {
      phase: o.phase ?? "Running",
      conditions: [{ type: "Ready", status: ready ? "True" : "False", lastTransitionTime: "2026-11-22T11:00:00Z" }],
    },
  };
}

/** One old, ready pod on each of nodes 1..n. */
export const dpods = (n: number, o: PodOpts = {}) => Array.from({ length: n }, (_, i) => dpod(i + 1, o));
