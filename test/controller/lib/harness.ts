/**
 * One controller per `describe.each` kind, each with this project's kubelet simulator beside it, in a fresh
 * namespace per file:
 *
 * - `sandbox`: the sandbox API server (in this process) with the sandbox controllers (sandbox/controllers);
 * - `kruise-manager`: the run's kube-apiserver 1.20.2 with the real kruise-manager and its webhooks
 *   (./../global-setup.ts), and the sandbox's kubelet scoped to the namespace.
 *
 * Both are reached only through a kubeconfig, so a scenario cannot tell them apart except by what they do.
 */
import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, inject } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import { realClock } from "@/sandbox/controllers/clock";
import { Kubelet } from "@/sandbox/controllers/kubelet/kubelet";
import { startSandboxCluster, type TestCluster } from "../../support/clusters";
import { kubeConfigFor } from "../../support/kubeconfig";

export type ControllerKind = "sandbox" | "kruise-manager";
export const CONTROLLERS: ControllerKind[] = ["sandbox", "kruise-manager"];

export interface ControllerHandle {
  kind: ControllerKind;
  kc(): KubeConfig;
  ns: string;
  /** where to look when a scenario fails (the manager's log, or the sandbox's seed) */
  hint(): string;
}

const quiet = () => {};

/**
 * Registers beforeAll/afterAll that start the controller (and kubelet) for this file, scoped to namespace
 * `<ns>-<random>`. A scenario names its objects uniquely within the file. The kubelet registers `nodes` nodes
 * (`sandbox-node-1`…, 3 unless given); on the shared kube-apiserver the nodes of other files' kubelets are there too.
 */
export function useController(kind: ControllerKind, opts: { ns: string; nodes?: number }): ControllerHandle {
  const state: { kc?: KubeConfig; ns: string; cluster?: TestCluster; ctl?: RunningControllers; kubelet?: Kubelet } = {
    ns: `${opts.ns}-${Math.random().toString(36).slice(2, 7)}`,
  };
  let seed = 0;
  beforeAll(async () => {
    seed = Math.floor(Math.random() * 0xffffffff);
    const fromEnv = process.env.SANDBOX_SEED;
    if (fromEnv) seed = Number(fromEnv);
    if (kind === "sandbox") {
      state.cluster = await startSandboxCluster();
      state.kc = state.cluster.kubeConfig();
    } else {
      const p = inject("kruiseCluster");
      state.kc = kubeConfigFor({ server: p.server, caData: p.caData }, p.tokens, "admin");
    }
    await state.kc
      .makeApiClient(CoreV1Api)
      .createNamespace({ body: { metadata: { name: state.ns, labels: { "kruise-console-test": "controller" } } } });
    if (kind === "sandbox") {
      state.ctl = await startControllers({
        kc: state.kc,
        fast: true,
        namespace: state.ns,
        nodes: opts.nodes,
        seed,
        log: quiet,
      });
    } else {
      state.kubelet = new Kubelet({
        kc: state.kc,
        clock: realClock,
        fast: true,
        namespace: state.ns,
        nodes: opts.nodes,
        seed,
        log: quiet,
      });
      await state.kubelet.start();
    }
  }, 120_000);
  afterAll(async () => {
    await state.ctl?.stop();
    await state.kubelet?.stop();
    await state.cluster?.stop();
  });
  return {
    kind,
    kc: () => state.kc!,
    get ns() {
      return state.ns;
    },
    hint: () =>
      kind === "sandbox"
        ? `sandbox controllers seed ${seed} (replay with SANDBOX_SEED=${seed})`
        : `kruise-manager log: ${inject("kruiseCluster").kruiseManagerLog}; kubelet seed ${seed}`,
  };
}
