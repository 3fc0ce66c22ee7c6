// Advanced StatefulSets and their pods shaped as the real controller writes them, for this room's tests.
import type { ControllerRevision, Pod, StatefulSet } from "../../k8s/objects";
import { newStatefulSetRevision } from "./revision";

export const NOW = Date.parse("2026-11-22T12:00:00Z");
export const OLD = "web-5b7c9d4f8";
export const NEW = "web-6c8d5f9b7";

type RollingUpdate = NonNullable<NonNullable<StatefulSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

export function statefulSet(
  replicas: number,
  ru: RollingUpdate = {},
  extra: Partial<StatefulSet["spec"]> = {},
  image = "nginx:2",
): StatefulSet {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name: "web", namespace: "shop", uid: "set-uid", generation: 2 },
    spec: {
      replicas,
      selector: { matchLabels: { app: "web" } },
      podManagementPolicy: "OrderedReady",
      template: {
        metadata: { labels: { app: "web" } },
        spec: {
          readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
          containers: [{ name: "app", image }],
        },
      },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: "ReCreate", minReadySeconds: 0, ...ru },
      },
      ...extra,
    },
    status: {
      replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
      currentReplicas: replicas,
      updatedReplicas: 0,
      currentRevision: OLD,
      updateRevision: NEW,
    },
  };
}

export interface PodOpts {
  rev?: string;
  ready?: boolean;
  phase?: string;
  state?: string;
  labels?: Record<string, string>;
  finalizers?: string[];
  deleting?: boolean;
  readyAt?: string;
  inPlaceState?: string;
}

export function pod(ordinal: number, o: PodOpts = {}, set = "web"): Pod {
  const ready = o.ready ?? true;
  const name = `${set}-${ordinal}`;
  return {
    metadata: {
      name,
      namespace: "shop",
      uid: `uid-${ordinal}`,
      creationTimestamp: "2026-11-22T10:00:00Z",
      labels: {
        app: "web",
        "controller-revision-hash": o.rev ?? OLD,
        "statefulset.kubernetes.io/pod-name": name,
        "lifecycle.apps.kruise.io/state": o.state ?? "Normal",
        ...o.labels,
      },
      ...(o.inPlaceState ? { annotations: { "apps.kruise.io/inplace-update-state": o.inPlaceState } } : {}),
      ...(o.finalizers ? { finalizers: o.finalizers } : {}),
      ...(o.deleting ? { deletionTimestamp: "2026-11-22T11:59:00Z" } : {}),
    },
    spec: { containers: [{ name: "app", image: "nginx:1" }], nodeName: "node-1" },
    status: {
      phase: o.phase ?? "Running",
      conditions: [
        { type: "Ready", status: ready ? "True" : "False", lastTransitionTime: o.readyAt ?? "2026-11-22T11:00:00Z" },
      ],
      containerStatuses: [{ name: "app", image: "nginx:1", imageID: "sha-1", ready, restartCount: 0 }],
    },
  };
}

export const pods = (n: number, o: PodOpts = {}) => Array.from({ length: n }, (_, i) => pod(i, o));

/** Two revisions of `web`: the old one (image nginx:1) and a new one with `image` (or other template changes). */
export function revisions(change: (s: StatefulSet) => StatefulSet = (s) => s): {
  old: ControllerRevision;
  next: ControllerRevision;
} {
  const old = newStatefulSetRevision(statefulSet(3, {}, {}, "nginx:1"), 1);
  const next = newStatefulSetRevision(change(statefulSet(3)), 2);
  return {
    old: { ...old, metadata: { ...old.metadata, name: OLD } },
    next: { ...next, metadata: { ...next.metadata, name: NEW } },
  };
}
