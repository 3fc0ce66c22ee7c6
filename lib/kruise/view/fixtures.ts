/**
 * Fixtures shaped like what the Kruise controller writes (docs/observed-kruise.md §a): a 10-pod
 * InPlaceIfPossible CloneSet mid-rollout at partition 7. Used by the view-model tests.
 */
import type { ViewCloneSet, ViewEvent, ViewPod, ViewRevision } from "./types";

export const NOW = new Date("2026-11-22T12:00:00Z");
const UID = "cs-uid-1";
const OLD = "ro-5b76c46c9b";
const NEW = "ro-659d94d4c9";
const owner = [{ uid: UID, kind: "CloneSet", name: "ro", controller: true }];

export function cloneSet(
  over: Partial<NonNullable<ViewCloneSet["status"]>> = {},
  partition: number | string = 7,
): ViewCloneSet {
  return {
    metadata: { name: "ro", namespace: "shop", uid: UID, generation: 2, creationTimestamp: "2026-11-22T11:00:00Z" },
    spec: {
      replicas: 10,
      template: {
        spec: {
          containers: [
            { name: "app", image: "nginx:2.0" },
            { name: "sidecar", image: "busybox:1" },
          ],
        },
      },
      updateStrategy: { type: "InPlaceIfPossible", partition, maxUnavailable: "20%" },
    },
    status: {
      observedGeneration: 2,
      replicas: 10,
      readyReplicas: 9,
      availableReplicas: 9,
      updatedReplicas: 3,
      updatedReadyReplicas: 2,
      updatedAvailableReplicas: 2,
      expectedUpdatedReplicas: 3,
      updateRevision: NEW,
      currentRevision: OLD,
      ...over,
    },
  };
}

export function pod(
  i: number,
  opts: { updated?: boolean; at?: string; waiting?: string; updating?: boolean } = {},
): ViewPod {
  const rev = opts.updated ? NEW : OLD;
  const annotations: Record<string, string> = {};
  if (opts.updated) {
    annotations["apps.kruise.io/inplace-update-state"] = JSON.stringify({
      revision: NEW,
      updateTimestamp: opts.at ?? "2026-11-22T11:14:06Z",
      lastContainerStatuses: { app: { imageID: "docker-pullable://nginx:1.0@sha256:cf2c" } },
      containerBatchesRecord: [{ timestamp: opts.at ?? "2026-11-22T11:14:06Z", containers: ["app"] }],
    });
  }
  const ready = !opts.waiting && !opts.updating;
  return {
    metadata: {
      name: `ro-p${i}`,
      namespace: "shop",
      uid: `pod-${i}`,
      creationTimestamp: "2026-11-22T11:00:0" + (i % 10) + "Z",
      labels: {
        app: "ro",
        "controller-revision-hash": rev,
        "lifecycle.apps.kruise.io/state": opts.updating ? "Updating" : "Normal",
      },
      annotations,
      ownerReferences: owner,
    },
    spec: {
      nodeName: `node-${i % 3}`,
      containers: [
        { name: "app", image: opts.updated ? "nginx:2.0" : "nginx:1.0" },
        { name: "sidecar", image: "busybox:1" },
      ],
    },
    status: {
      phase: "Running",
      conditions: [
        { type: "Ready", status: ready ? "True" : "False" },
        {
          type: "InPlaceUpdateReady",
          status: opts.updating ? "False" : "True",
          reason: opts.updating ? "StartInPlaceUpdate" : undefined,
        },
      ],
      containerStatuses: [
        {
          name: "app",
          image: opts.updated ? "nginx:2.0" : "nginx:1.0",
          imageID: `sha-${opts.updated ? 2 : 1}`,
          ready,
          restartCount: opts.updated ? 1 : 0,
          state: opts.waiting
            ? { waiting: { reason: opts.waiting, message: `Back-off pulling image "nginx:2.0"` } }
            : { running: {} },
        },
        { name: "sidecar", image: "busybox:1", imageID: "sha-b", ready: true, restartCount: 0, state: { running: {} } },
      ],
    },
  };
}

/** 7 old pods, 3 moved in place: two at 11:14:06, one at 11:14:09 that is failing to pull. */
export function pods(): ViewPod[] {
  const out: ViewPod[] = [];
  for (let i = 0; i < 7; i++) out.push(pod(i));
  out.push(
    pod(7, { updated: true, at: "2026-11-22T11:14:06Z" }),
    pod(8, { updated: true, at: "2026-11-22T11:14:06Z" }),
  );
  out.push(pod(9, { updated: true, at: "2026-11-22T11:14:09Z", waiting: "ImagePullBackOff" }));
  return out;
}

export function revisions(): ViewRevision[] {
  const data = (img: string) => ({
    spec: {
      template: {
        $patch: "replace",
        spec: {
          containers: [
            { name: "app", image: img },
            { name: "sidecar", image: "busybox:1" },
          ],
        },
      },
    },
  });
  return [
    {
      metadata: { name: NEW, namespace: "shop", ownerReferences: owner, creationTimestamp: "2026-11-22T11:14:00Z" },
      revision: 2,
      data: data("nginx:2.0"),
    },
    {
      metadata: { name: OLD, namespace: "shop", ownerReferences: owner, creationTimestamp: "2026-11-22T11:00:00Z" },
      revision: 1,
      data: JSON.stringify(data("nginx:1.0")),
    },
    {
      metadata: { name: "other-abc", namespace: "shop", ownerReferences: [{ uid: "someone-else", controller: true }] },
      revision: 9,
      data: {},
    },
  ];
}

export function events(): ViewEvent[] {
  return [
    {
      metadata: { name: "e1", namespace: "shop" },
      involvedObject: { kind: "CloneSet", name: "ro", namespace: "shop", uid: UID },
      reason: "SuccessfulUpdatePodInPlace",
      message: `successfully update pod ro-p7 in-place(revision ${NEW})`,
      type: "Normal",
      lastTimestamp: "2026-11-22T11:14:06Z",
    },
    {
      metadata: { name: "e2", namespace: "shop" },
      involvedObject: { kind: "Pod", name: "ro-p9", namespace: "shop", uid: "pod-9" },
      reason: "Failed",
      message: "Error: ImagePullBackOff",
      type: "Warning",
      count: 4,
      lastTimestamp: "2026-11-22T11:20:00Z",
    },
    {
      metadata: { name: "e3", namespace: "shop" },
      involvedObject: { kind: "Pod", name: "unrelated", namespace: "shop", uid: "x" },
      reason: "Pulled",
      message: "ok",
      type: "Normal",
      lastTimestamp: "2026-11-22T11:30:00Z",
    },
  ];
}
