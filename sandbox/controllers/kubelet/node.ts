// The Node objects the kubelet simulator registers (ready, roomy, one zone label each) and what it keeps of them.
import type { V1Node } from "@kubernetes/client-node";
import { TAINT_NOT_READY } from "@/lib/kruise/daemonset/placement";
import { errorCode, type Kube } from "../kube";

/** Where every simulated node is reached: its kubelet endpoint listens on loopback (sandbox/README.md). */
export const NODE_ADDRESS = "127.0.0.1";

/**
 * Node `name`, the i-th of the kubelet's nodes, whose kubelet serves on `kubeletPort`: the API server proxies
 * `pods/log` to its InternalIP at status.daemonEndpoints.kubeletEndpoint.Port (kubernetes
 * pkg/kubelet/client/kubelet_client.go NodeConnectionInfoGetter).
 */
export function nodeObject(name: string, i: number, kubeletPort: number): V1Node {
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: {
      name,
      labels: {
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        "topology.kubernetes.io/zone": `zone-${String.fromCharCode(97 + (i % 3))}`,
      },
    },
    spec: { podCIDR: `10.244.${i + 1}.0/24` },
    status: {
      capacity: { cpu: "32", memory: "128Gi", pods: "2500" },
      allocatable: { cpu: "32", memory: "128Gi", pods: "2500" },
      conditions: [
        {
          type: "Ready",
          status: "True",
          reason: "KubeletReady",
          message: "kubelet is posting ready status",
          lastHeartbeatTime: new Date(),
          lastTransitionTime: new Date(),
        },
      ],
      addresses: [
        { type: "InternalIP", address: NODE_ADDRESS },
        { type: "Hostname", address: name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: kubeletPort } },
      nodeInfo: {
        architecture: "amd64",
        bootID: "",
        containerRuntimeVersion: "containerd://1.7.0",
        kernelVersion: "6.1.0",
        kubeProxyVersion: "v1.20.2",
        kubeletVersion: "v1.20.2-sandbox",
        machineID: "",
        operatingSystem: "linux",
        osImage: "Kruise Console sandbox",
        systemUUID: "",
      },
    },
  };
}

/**
 * The API server taints every new Node `node.kubernetes.io/not-ready:NoSchedule` (admission plugin
 * TaintNodesByCondition); the node lifecycle controller removes it once the node reports Ready. Neither test
 * cluster runs that controller, so the kubelet does it for its own nodes: with the taint left, a DaemonSet controller
 * schedules nothing. Upstream: kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go
 * (doNoScheduleTaintingPass), plugin/pkg/admission/nodetaint/admission.go.
 */
export async function clearNotReadyTaint(kube: Kube, name: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const node = await kube.readNode(name);
    const taints = node.spec?.taints ?? [];
    const kept = taints.filter((t) => t.key !== TAINT_NOT_READY);
    if (kept.length === taints.length) return;
    try {
      await kube.mergePatchNode(name, {
        metadata: { resourceVersion: node.metadata.resourceVersion },
        spec: { taints: kept.length ? kept : null },
      });
      return;
    } catch (e) {
      if (errorCode(e) !== 409) throw e;
    }
  }
}
