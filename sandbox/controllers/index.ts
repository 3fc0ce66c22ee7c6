// Starts the sandbox controllers (CloneSet, Advanced StatefulSet and Advanced DaemonSet controllers, kubelet, Kruise
// Rollout's Rollout and BatchRelease controllers) against any API server reached through a kubeconfig. All are plain clients, so this works on the
// sandbox and on kube-apiserver (the Rollout webhooks exist only in the sandbox API server).
import type { KubeConfig } from "@kubernetes/client-node";
import { realClock, type Clock } from "./clock";
import { CloneSetController } from "./cloneset/controller";
import { sharedInformers } from "./common-informers";
import { Kubelet } from "./kubelet/kubelet";
import { errorCode, Kube, loadKubeConfig, withServer } from "./kube";
import { BatchReleaseController } from "./rollouts/batchrelease-controller";
import { RolloutController } from "./rollouts/rollout-controller";
import { daemonSetController, type DaemonSetController } from "./daemonset/controller";
import { statefulSetController, type StatefulSetController } from "./statefulset/controller";

export interface ControllersOptions {
  kubeconfigPath?: string;
  kc?: KubeConfig;
  /**
   * Plain-http URL of an API server running in this same process: the controllers reach it there instead of at the
   * kubeconfig's https address (TLS on a hop that never leaves the process cost a seventh of a rollout's CPU).
   */
  server?: string;
  /** Shortens every kubelet delay and grace period (demos, e2e). */
  fast?: boolean;
  clock?: Clock;
  nodes?: number;
  /** The kubelet's nodes are `<nodePrefix>-1` …: test files sharing one API server give theirs a prefix of their own. */
  nodePrefix?: string;
  /** Seeds pod ids, kubelet delays and the controller's tie-breaks; default SANDBOX_SEED, else random (logged). */
  seed?: number;
  /** Restrict the controllers to one namespace (tests sharing a cluster). */
  namespace?: string;
  log?: (msg: string) => void;
}

export interface RunningControllers {
  controller: CloneSetController;
  kubelet: Kubelet;
  rollouts: RolloutController;
  batchReleases: BatchReleaseController;
  /** Undefined when the API server does not serve the kind's CRD. */
  statefulSets?: StatefulSetController;
  daemonSets?: DaemonSetController;
  idle(): boolean;
  stop(): Promise<void>;
}

/** SANDBOX_SEED as a 32-bit seed; a clear error for anything else. */
export function seedFromEnv(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  if (!/^\d+$/.test(v.trim()) || Number(v) > 0xffffffff)
    throw new Error(`SANDBOX_SEED must be a whole number from 0 to 4294967295, not ${JSON.stringify(v)}`);
  return Number(v);
}

export async function startControllers(o: ControllersOptions): Promise<RunningControllers> {
  const given = o.kc ?? loadKubeConfig(o.kubeconfigPath!);
  const kc = o.server ? withServer(given, o.server) : given;
  const clock = o.clock ?? realClock;
  // Kruise breaks ties among equal pods arbitrarily; so does the sandbox, from a seed a failing run can replay.
  const seed = o.seed ?? seedFromEnv(process.env.SANDBOX_SEED) ?? Math.floor(Math.random() * 0xffffffff);
  (o.log ?? ((m: string) => console.error(`sandbox: ${m}`)))(
    `controllers seed ${seed} (replay with SANDBOX_SEED=${seed})`,
  );
  const shared = sharedInformers(new Kube(kc, "sandbox-informers"), { kc, clock, log: o.log }, o.namespace);
  const kubelet = new Kubelet({
    kc,
    clock,
    fast: o.fast,
    nodes: o.nodes,
    nodePrefix: o.nodePrefix,
    seed,
    log: o.log,
    namespace: o.namespace,
    pods: shared.pods,
  });
  const controller = new CloneSetController({ kc, clock, seed, log: o.log, namespace: o.namespace, shared });
  const scope = { kc, clock, log: o.log, namespace: o.namespace, shared };
  const rollouts = new RolloutController(scope);
  const batchReleases = new BatchReleaseController(scope);
  const workload = { kc, clock, seed, log: o.log, namespace: o.namespace, pods: shared.pods };
  const say = o.log ?? ((m: string) => console.error(`sandbox: ${m}`));
  /** Starts a kind's controller, or leaves it off (with a line in the log) on a cluster without its CRD. */
  const optional = async <C extends { start(): Promise<void>; stop(): void }>(what: string, c: C) => {
    try {
      await c.start();
      return c;
    } catch (e) {
      c.stop();
      if (errorCode(e) !== 404) throw e;
      say(`${what} is not served: its controller is off`);
      return undefined;
    }
  };
  // CloneSets before pods, so each pod's owner is known when the pod is first listed.
  await shared.sets.start();
  await kubelet.start();
  await controller.start();
  const statefulSets = await optional("statefulsets.apps.kruise.io", statefulSetController(workload));
  const daemonSets = await optional("daemonsets.apps.kruise.io", daemonSetController(workload));
  try {
    await batchReleases.start();
    await rollouts.start();
  } catch (e) {
    // A cluster without the rollouts.kruise.io CRDs: run without the Rollout controllers instead of failing.
    if (errorCode(e) !== 404) throw e;
    rollouts.stop();
    batchReleases.stop();
    (o.log ?? ((m: string) => console.error(`sandbox: ${m}`)))(
      "rollouts.kruise.io is not served: Rollout controllers off",
    );
  }
  return {
    controller,
    kubelet,
    rollouts,
    batchReleases,
    statefulSets,
    daemonSets,
    idle: () =>
      controller.idle() &&
      kubelet.idle() &&
      rollouts.idle() &&
      batchReleases.idle() &&
      (statefulSets?.idle() ?? true) &&
      (daemonSets?.idle() ?? true),
    stop: async () => {
      rollouts.stop();
      batchReleases.stop();
      statefulSets?.stop();
      daemonSets?.stop();
      controller.stop();
      await kubelet.stop();
      shared.pods.stop();
      shared.sets.stop();
      // Give queued Events a moment to be written, without holding shutdown hostage to a slow server.
      const flushed = Promise.all([
        controller.events.flush(),
        rollouts.events.flush(),
        batchReleases.events.flush(),
        statefulSets?.events.flush(),
        daemonSets?.events.flush(),
      ]);
      await Promise.race([flushed, new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  };
}

export { FakeClock, realClock, type Clock } from "./clock";
