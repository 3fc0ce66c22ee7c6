// Starts the sandbox controllers (CloneSet controller + kubelet) against any API server reached
// through a kubeconfig. Both are plain clients, so this works on the sandbox and on kube-apiserver.
import type { KubeConfig } from "@kubernetes/client-node";
import { realClock, type Clock } from "./clock";
import { CloneSetController } from "./cloneset/controller";
import { Kubelet } from "./kubelet/kubelet";
import { loadKubeConfig } from "./kube";

export interface ControllersOptions {
  kubeconfigPath?: string;
  kc?: KubeConfig;
  /** Shortens every kubelet delay and grace period (demos, e2e). */
  fast?: boolean;
  clock?: Clock;
  nodes?: number;
  seed?: number;
  /** Restrict both controllers to one namespace (tests sharing a cluster). */
  namespace?: string;
  log?: (msg: string) => void;
}

export interface RunningControllers {
  controller: CloneSetController;
  kubelet: Kubelet;
  idle(): boolean;
  stop(): Promise<void>;
}

export async function startControllers(o: ControllersOptions): Promise<RunningControllers> {
  const kc = o.kc ?? loadKubeConfig(o.kubeconfigPath!);
  const clock = o.clock ?? realClock;
  const kubelet = new Kubelet({
    kc,
    clock,
    fast: o.fast,
    nodes: o.nodes,
    seed: o.seed,
    log: o.log,
    namespace: o.namespace,
  });
  const controller = new CloneSetController({ kc, clock, seed: o.seed, log: o.log, namespace: o.namespace });
  await kubelet.start();
  await controller.start();
  return {
    controller,
    kubelet,
    idle: () => controller.idle() && kubelet.idle(),
    stop: async () => {
      controller.stop();
      kubelet.stop();
      // Give queued Events a moment to be written, without holding shutdown hostage to a slow server.
      await Promise.race([controller.events.flush(), new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  };
}

export { FakeClock, realClock, type Clock } from "./clock";
