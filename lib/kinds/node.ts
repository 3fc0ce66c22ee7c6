// core/v1 Node (kubernetes pkg/apis/core/types.go), read for the pages that lay pods out by node (an Advanced
// DaemonSet's: which nodes should run its pod, which its rollingUpdate.selector picks).
import type { K8sObject } from "@/lib/k8s/wire";
import type { Node } from "@/lib/k8s/objects";
import type { KindHome } from "./types";

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    nodes: Node;
  }
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === "object" && !Array.isArray(v);
const pick = (o: unknown, keys: readonly string[]): Rec | undefined => {
  if (!isRec(o)) return undefined;
  const out: Rec = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
};

/**
 * What a DaemonSet's placement reads of a node (lib/kruise/daemonset/placement.ts): its name and labels (node
 * affinity, nodeSelector, rollingUpdate.selector), its taints and whether it is schedulable, its conditions and
 * kubelet version for the table. Dropped: annotations, images (often most of a node's bytes), addresses, capacity.
 */
function trimNode(obj: K8sObject): K8sObject {
  const o = obj as Rec;
  const { name, uid, resourceVersion, creationTimestamp, labels, deletionTimestamp } = obj.metadata;
  const status = isRec(o.status)
    ? { conditions: o.status.conditions, nodeInfo: pick(o.status.nodeInfo, ["kubeletVersion"]) }
    : undefined;
  const metadata = { name, uid, resourceVersion, creationTimestamp, labels, deletionTimestamp };
  for (const k of Object.keys(metadata) as (keyof typeof metadata)[]) if (metadata[k] === undefined) delete metadata[k];
  return {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    metadata,
    spec: pick(o.spec, ["taints", "unschedulable"]) ?? {},
    ...(status ? { status } : {}),
  };
}

export const nodeHome: KindHome<"nodes"> = {
  resource: "nodes",
  group: "",
  version: "v1",
  kind: "Node",
  scope: "Cluster",
  // What `kubectl get nodes` prints that a path can say (STATUS and ROLES are computed by kubectl).
  printerColumns: [
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
    { name: "VERSION", jsonPath: ".status.nodeInfo.kubeletVersion", type: "string" },
  ],
  writes: {},
  cache: { trim: trimNode },
};
