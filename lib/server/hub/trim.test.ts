import { describe, expect, it } from "vitest";
import type { K8sObject } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { trim } from "./trim";

const pod = (): K8sObject => ({
  metadata: {
    name: "web-abcde",
    namespace: "shop",
    labels: { app: "web" },
    annotations: { "apps.kruise.io/inplace-update-state": "{}" },
    managedFields: [{ manager: "kubelet" }],
  },
  spec: {
    nodeName: "node-1",
    readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
    containers: [{ name: "app", image: "nginx:1", resources: {}, volumeMounts: [{ name: "t", mountPath: "/t" }] }],
    volumes: [{ name: "t" }],
    tolerations: [{ key: "k" }],
  },
  status: {
    phase: "Running",
    podIP: "10.0.0.1",
    podIPs: [{ ip: "10.0.0.1" }],
    conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }],
    containerStatuses: [
      {
        name: "app",
        image: "nginx:1",
        imageID: "nginx@sha256:1",
        containerID: "containerd://x",
        ready: true,
        restartCount: 2,
        state: { running: {} },
        lastState: { terminated: {} },
      },
    ],
  },
});

describe("hub trim", () => {
  it("keeps every pod field the pod table, detail page and rollout preview read", () => {
    const p = trim(KINDS.get("pods"), pod());
    expect(p.metadata).toEqual({
      name: "web-abcde",
      namespace: "shop",
      labels: { app: "web" },
      annotations: { "apps.kruise.io/inplace-update-state": "{}" },
    });
    expect(p.spec).toEqual({
      nodeName: "node-1",
      readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
      containers: [{ name: "app", image: "nginx:1", resources: {} }],
    });
    expect(p.status).toEqual({
      phase: "Running",
      conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }],
      containerStatuses: [
        {
          name: "app",
          image: "nginx:1",
          imageID: "nginx@sha256:1",
          ready: true,
          restartCount: 2,
          state: { running: {} },
        },
      ],
    });
  });

  it("drops only managedFields from CloneSets, whose YAML is shown whole", () => {
    const cs = { ...pod(), kind: "CloneSet" };
    const before = JSON.parse(JSON.stringify(cs)) as K8sObject;
    delete before.metadata.managedFields;
    expect(trim(KINDS.get("clonesets"), cs)).toEqual(before);
  });
});
