/**
 * For specs of project `real` (test/e2e/real/): the real-controller cluster serve.ts starts (real-cluster.ts), as
 * kubectl on context `kruise` once it is up. The console opens it as `/c/kruise/...`.
 */
import { existsSync, readFileSync } from "node:fs";
import { kubectlOn, type Kubectl } from "./cluster";
import { KRUISE_CONTEXT, KRUISE_FAILED, KRUISE_KUBECONFIG } from "./paths";

/**
 * Waits until the cluster is up (kube-apiserver, kruise-manager's webhooks and controllers, the kubelet): it starts
 * beside the sandbox and usually is by the time a spec asks, but a first run may still be building kruise-manager.
 */
export async function realCluster(timeout = 600_000): Promise<Kubectl> {
  for (const end = Date.now() + timeout; !existsSync(KRUISE_KUBECONFIG);) {
    // A failed start says why at once, rather than after the whole wait.
    if (existsSync(KRUISE_FAILED))
      throw new Error(`the real-controller cluster did not start:\n${readFileSync(KRUISE_FAILED, "utf8")}`);
    if (Date.now() > end)
      throw new Error(`the real-controller cluster's kubeconfig never appeared: ${KRUISE_KUBECONFIG}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return kubectlOn(KRUISE_KUBECONFIG, KRUISE_CONTEXT);
}
