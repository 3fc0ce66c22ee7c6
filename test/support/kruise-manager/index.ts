/**
 * The real CloneSet controller: OpenKruise's kruise-manager (built by test/setup/kruise-manager-build.sh) with its
 * webhooks, on a kube-apiserver from ../kube-apiserver.ts. It runs in a network namespace of its own
 * (`unshare --net --map-root-user`), because its webhook server binds every interface (upstream
 * `pkg/webhook/server.go`); Unix sockets in a temp dir are the namespace's only doors (./bridge.ts):
 *
 *   kube-apiserver 127.0.0.1:<api>  ◀── kas.sock ◀── 127.0.0.1:<api> in the namespace ◀── kruise-manager
 *   kube-apiserver ──▶ 127.0.0.1:<webhook> ──▶ webhook.sock ──▶ the webhook server in the namespace
 *   this process   ──▶ health.sock ──▶ its /readyz in the namespace
 *
 * There is no kube-controller-manager beside it: no garbage collector and no namespace controller, so tests
 * delete pods and revisions themselves; the kube-apiserver runs without the ServiceAccount admission plugin, so
 * pods need no token. The kubelet is this project's simulator (sandbox/controllers/kubelet), started per test file.
 */
import { AdmissionregistrationV1Api, CustomObjectsApi, type KubeConfig } from "@kubernetes/client-node";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import { forward } from "./bridge";
import { installKruise } from "./install";
import type { NetnsPlan } from "./netns-entry";
import { freePort, startChild, stopChild, waitUntil } from "../proc";

const REPO = path.resolve(__dirname, "../../..");
// Ports inside the namespace: nothing else lives there.
const HEALTH_PORT = 8000;
const METRICS_PORT = 8080;

export interface KruiseManagerTarget {
  /** https://127.0.0.1:<port> */
  server: string;
  caData: string;
  adminToken: string;
  /** an admin kubeconfig file for kubectl */
  kubeconfigPath: string;
  admin: KubeConfig;
}

export interface RunningKruiseManager {
  /** the manager's log, in the repository's .tmp/ */
  logPath: string;
  stop(): Promise<void>;
}

function readyz(socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: "/readyz" }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", reject);
    req.setTimeout(5_000, () => req.destroy(new Error("readyz timeout")));
  });
}

/** Installs Kruise on the cluster, starts kruise-manager and resolves once its webhooks answer and its controllers run. */
export async function startKruiseManager(target: KruiseManagerTarget, buildDir: string): Promise<RunningKruiseManager> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kruise-manager-"));
  const apiPort = Number(new URL(target.server).port);
  const webhookPort = await freePort();
  await installKruise(target.kubeconfigPath, path.join(buildDir, "config"), webhookPort);

  const sock = (name: string) => path.join(dir, `${name}.sock`);
  const hostSide = [
    await forward({ listen: { path: sock("kas") }, connect: { port: apiPort } }),
    await forward({ listen: { port: webhookPort }, connect: { path: sock("webhook") } }),
  ];
  const kubeconfig = path.join(dir, "kubeconfig");
  fs.writeFileSync(
    kubeconfig,
    stringify({
      apiVersion: "v1",
      kind: "Config",
      clusters: [{ name: "test", cluster: { server: target.server, "certificate-authority-data": target.caData } }],
      users: [{ name: "admin", user: { token: target.adminToken } }],
      contexts: [{ name: "admin", context: { cluster: "test", user: "admin" } }],
      "current-context": "admin",
    }),
    { mode: 0o600 },
  );
  const plan: NetnsPlan = {
    forwards: [
      { listen: { port: apiPort }, connect: { path: sock("kas") } },
      { listen: { path: sock("webhook") }, connect: { port: webhookPort } },
      { listen: { path: sock("health") }, connect: { port: HEALTH_PORT } },
    ],
    bin: path.join(buildDir, "kruise-manager"),
    args: [
      "--enable-leader-election=false",
      `--metrics-addr=127.0.0.1:${METRICS_PORT}`,
      `--health-probe-addr=127.0.0.1:${HEALTH_PORT}`,
      "--enable-pprof=false",
    ],
    env: {
      KUBECONFIG: kubeconfig,
      POD_NAMESPACE: "kruise-system",
      WEBHOOK_HOST: "127.0.0.1",
      WEBHOOK_PORT: String(webhookPort),
      WEBHOOK_CERT_DIR: path.join(dir, "certs"),
    },
    parentPid: process.pid,
  };
  const planPath = path.join(dir, "plan.json");
  fs.writeFileSync(planPath, JSON.stringify(plan));
  // In the repository's .tmp/ (ignored by git), so it outlives the run for a failing scenario's reader.
  const logPath = path.join(REPO, ".tmp", `kruise-manager-${process.pid}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const entry = path.join(__dirname, "netns-entry.ts");
  const child = startChild(
    "kruise-manager",
    "unshare",
    ["--net", "--map-root-user", process.execPath, "--import", "tsx", entry, planPath],
    logPath,
  );
  const stop = async () => {
    await stopChild(child);
    for (const s of hostSide) s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil("kruise-manager /readyz (its webhooks answer)", () => readyz(sock("health")), child, 180_000);
    await waitUntil("the manager's CA in its webhook configurations", () => caWritten(target.admin), child, 60_000);
    await waitUntil(
      "the CloneSet controller to observe a CloneSet",
      () => controllerObserves(target.admin),
      child,
      120_000,
    );
    return { logPath, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function caWritten(kc: KubeConfig): Promise<boolean> {
  const api = kc.makeApiClient(AdmissionregistrationV1Api);
  const m = await api.readMutatingWebhookConfiguration({ name: "kruise-mutating-webhook-configuration" });
  const v = await api.readValidatingWebhookConfiguration({ name: "kruise-validating-webhook-configuration" });
  return [...(m.webhooks ?? []), ...(v.webhooks ?? [])].every((w) => !!w.clientConfig.caBundle);
}

const PROBE = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", namespace: "kruise-system" };

/** A zero-replica CloneSet: defaulted by the webhook on create, then observed by the controller in its status. */
async function controllerObserves(kc: KubeConfig): Promise<boolean> {
  const api = kc.makeApiClient(CustomObjectsApi);
  const name = "lane-probe";
  let cs: { status?: { observedGeneration?: number } };
  try {
    cs = (await api.getNamespacedCustomObject({ ...PROBE, name })) as typeof cs;
  } catch {
    const body = {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      metadata: { name },
      spec: {
        replicas: 0,
        selector: { matchLabels: { app: name } },
        template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "c", image: "busybox" }] } },
      },
    };
    cs = (await api.createNamespacedCustomObject({ ...PROBE, body })) as typeof cs;
  }
  if (cs.status?.observedGeneration !== 1) return false;
  await api.deleteNamespacedCustomObject({ ...PROBE, name });
  return true;
}

export { kruiseManagerDir, LANE_HINT } from "./build";
