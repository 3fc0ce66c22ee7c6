// The fleet benchmark's workload kinds (bench/fleet-seed.ts): CloneSets, Advanced StatefulSets and Advanced
// DaemonSets, each created, given a status and pods as its controller would leave them (no controller runs), and
// each with the status the writer moves on at every tick, so every kind's rows and pages change live.
import type { ResourceName } from "../lib/k8s/wire";

export type FleetKind = Extract<ResourceName, "clonesets" | "statefulsets" | "daemonsets">;

export interface WorkloadPlan {
  ns: string;
  name: string;
  pods: number;
  kind: FleetKind;
  uid?: string;
}

/** The nodes every cluster has: a DaemonSet runs one pod on each, the other kinds' pods are spread over them. */
export const NODES = 20;

const OLD = "5b76c46c9b";
const NEW = "659d94d4c9";
const API: Record<FleetKind, { apiVersion: string; kind: string }> = {
  clonesets: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet" },
  statefulsets: { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet" },
  daemonsets: { apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet" },
};

/** The workload's own path: `/apis/<group>/<version>/namespaces/<ns>/<resource>[/<name>]`. */
export function workloadPath(w: WorkloadPlan, named = true): string {
  return `/apis/${API[w.kind].apiVersion}/namespaces/${w.ns}/${w.kind}${named ? `/${w.name}` : ""}`;
}

/** 40 % of each workload's pods on the update revision (a StatefulSet's and a DaemonSet's: the highest indexes). */
const onUpdate = (w: WorkloadPlan, j: number) =>
  w.kind === "clonesets" ? j % 5 < 2 : j >= w.pods - Math.round(w.pods * 0.4);

/** Its pod `j`: a CloneSet's random-looking suffix, a StatefulSet's ordinal, a DaemonSet's node. */
export function podName(w: WorkloadPlan, j: number): string {
  if (w.kind === "statefulsets") return `${w.name}-${j}`;
  if (w.kind === "daemonsets") return `${w.name}-n${j}`;
  return `${w.name}-${String(j).padStart(5, "0")}`;
}

/** The revision label a controller puts on pod `j`: the revision's name, or a DaemonSet's bare hash. */
function revisionLabel(w: WorkloadPlan, j: number): string {
  const hash = onUpdate(w, j) ? NEW : OLD;
  return w.kind === "daemonsets" ? hash : `${w.name}-${hash}`;
}

/** The workload as created: n pods' worth, its partition keeping 60 % on the old revision. */
export function workloadBody(w: WorkloadPlan): Record<string, unknown> {
  const template = { metadata: { labels: { app: w.name } }, spec: { containers: [{ name: "app", image: "app:2" }] } };
  const kept = w.pods - Math.round(w.pods * 0.4);
  const common = { ...API[w.kind], metadata: { name: w.name, namespace: w.ns } };
  const selector = { matchLabels: { app: w.name } };
  if (w.kind === "clonesets")
    return {
      ...common,
      spec: { replicas: w.pods, selector, template, updateStrategy: { type: "InPlaceIfPossible", partition: kept } },
    };
  if (w.kind === "statefulsets")
    return {
      ...common,
      spec: {
        replicas: w.pods,
        serviceName: w.name,
        selector,
        template,
        updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: kept } },
      },
    };
  return {
    ...common,
    spec: { selector, template, updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: kept } } },
  };
}

/** Workload i's status at tick t: a rollout moving through its pods, so rows' counts and bars change. */
export function workloadStatus(w: WorkloadPlan, i: number, t: number) {
  const n = w.pods;
  const notReady = t === 0 ? (i % 7 === 0 ? 1 : 0) : (i + t) % 3;
  const up = Math.round(n * 0.4);
  if (w.kind === "daemonsets")
    return {
      status: {
        observedGeneration: 1,
        desiredNumberScheduled: n,
        currentNumberScheduled: n,
        numberMisscheduled: 0,
        numberReady: n - notReady,
        numberAvailable: n - notReady,
        updatedNumberScheduled: up,
        daemonSetHash: NEW,
      },
    };
  const revisions = { updateRevision: `${w.name}-${NEW}`, currentRevision: `${w.name}-${OLD}` };
  const counts = {
    observedGeneration: 1,
    replicas: n,
    readyReplicas: n - notReady,
    availableReplicas: n - notReady,
    updatedReplicas: up,
    updatedReadyReplicas: Math.max(0, up - ((i + t) % 2)),
  };
  if (w.kind === "statefulsets") return { status: { ...counts, currentReplicas: n - up, ...revisions } };
  return { status: { ...counts, expectedUpdatedReplicas: up, ...revisions } };
}

/** Pod j of the workload as its controller creates it: owner reference, revision label, node. */
export function podBody(w: WorkloadPlan, j: number): Record<string, unknown> {
  const name = podName(w, j);
  return {
    metadata: {
      name,
      labels: {
        app: w.name,
        "controller-revision-hash": revisionLabel(w, j),
        ...(w.kind === "statefulsets" ? { "statefulset.kubernetes.io/pod-name": name } : {}),
      },
      ownerReferences: [{ ...API[w.kind], name: w.name, uid: w.uid, controller: true }],
    },
    spec: { nodeName: `node-${j % NODES}`, containers: [{ name: "app", image: onUpdate(w, j) ? "app:2" : "app:1" }] },
  };
}

/** A node as its kubelet registers it, labelled with its hostname (no status: no kubelet runs). */
export function nodeBody(i: number): Record<string, unknown> {
  const name = `node-${i}`;
  return { metadata: { name, labels: { "kubernetes.io/hostname": name } }, spec: {} };
}
