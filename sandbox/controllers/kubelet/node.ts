// The Node objects the kubelet simulator registers: ready, roomy, one zone label each.
import type { V1Node } from "@kubernetes/client-node";

export function nodeObject(name: string, i: number): V1Node {
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
        { type: "InternalIP", address: `172.18.0.${i + 2}` },
        { type: "Hostname", address: name },
      ],
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
