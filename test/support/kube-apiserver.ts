/**
 * A real kube-apiserver v1.20.2 (built from Debian's source package by
 * test/setup/kube-apiserver-build.sh) + etcd, on loopback only, in a temp dir.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { makePki, type Pki } from "./certs";
import { TEST_USERS } from "./kubeconfig";
import { armWatchdog, freePort, startChild, stopChild, waitUntil, type Child } from "./proc";

export interface KubeApiserverProcesses {
  server: string;
  caData: string;
  tokens: Record<string, string>;
  dir: string;
  stop(): Promise<void>;
}

const REPO = path.resolve(__dirname, "../..");

/** KUBE_APISERVER_BIN, or the cached build (building it on first use takes minutes). */
export function kubeApiserverBin(): string {
  const fromEnv = process.env.KUBE_APISERVER_BIN;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`KUBE_APISERVER_BIN=${fromEnv} does not exist`);
    return fromEnv;
  }
  const script = path.join(REPO, "test/setup/kube-apiserver-build.sh");
  const out = execFileSync("bash", [script], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const bin = out.trim().split("\n").pop() ?? "";
  if (!fs.existsSync(bin)) throw new Error(`kube-apiserver build printed ${JSON.stringify(out)}, not a binary path`);
  process.env.KUBE_APISERVER_BIN = bin;
  return bin;
}

function randomToken(): string {
  return Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join("");
}

/** Token file line format: token,user,uid,"group1,group2". */
function writeTokenFile(file: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  const lines = TEST_USERS.map((user) => {
    tokens[user] = randomToken();
    return `${tokens[user]},${user},uid-${user}${user === "admin" ? ',"system:masters"' : ""}`;
  });
  fs.writeFileSync(file, lines.join("\n") + "\n", { mode: 0o600 });
  return tokens;
}

async function startEtcd(dataDir: string, logPath: string): Promise<{ child: Child; url: string }> {
  const [client, peer] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${client}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const child = startChild(
    "etcd",
    "etcd",
    [
      "--name",
      "test",
      "--data-dir",
      dataDir,
      "--listen-client-urls",
      url,
      "--advertise-client-urls",
      url,
      "--listen-peer-urls",
      peerUrl,
      "--initial-advertise-peer-urls",
      peerUrl,
      "--initial-cluster",
      `test=${peerUrl}`,
      "--log-level",
      "warn",
      "--logger",
      "zap",
    ],
    logPath,
  );
  try {
    await waitUntil("etcd health", async () => (await fetch(`${url}/health`)).ok, child, 30_000);
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return { child, url };
}

function apiserverArgs(port: number, etcdUrl: string, pki: Pki, dir: string): string[] {
  return [
    `--etcd-servers=${etcdUrl}`,
    "--bind-address=127.0.0.1",
    "--advertise-address=127.0.0.1",
    `--secure-port=${port}`,
    "--insecure-port=0",
    `--cert-dir=${dir}`,
    `--tls-cert-file=${pki.serverCert}`,
    `--tls-private-key-file=${pki.serverKey}`,
    `--token-auth-file=${path.join(dir, "tokens.csv")}`,
    "--authorization-mode=RBAC",
    "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
    `--service-account-signing-key-file=${pki.saKey}`,
    `--service-account-key-file=${pki.saPub}`,
    "--service-cluster-ip-range=10.0.0.0/24",
    "--endpoint-reconciler-type=none",
    // pods/log is proxied to the kubelet of the pod's node. The simulator's nodes have no resolvable Hostname (the
    // default's first choice): reach them at their InternalIP, where their kubelet endpoint listens.
    "--kubelet-preferred-address-types=InternalIP",
    // Without kube-controller-manager no service-account tokens exist, so pod creation would fail.
    "--disable-admission-plugins=ServiceAccount",
    // Missing credentials answer 401 (as the sandbox does), not system:anonymous + 403.
    "--anonymous-auth=false",
    "--profiling=false",
    "--v=0",
  ];
}

/** GET /readyz with the admin token over https pinned to our CA. */
function readyz(server: string, caPem: Buffer, token: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = https.get(`${server}/readyz`, { ca: caPem, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", reject);
    req.setTimeout(5_000, () => req.destroy(new Error("readyz timeout")));
  });
}

// Children still alive when the process exits normally (the watchdog covers signals and SIGKILL).
const live = new Set<{ children: Child[]; dirs: string[] }>();
process.once("exit", () => {
  for (const l of live) {
    for (const c of l.children) c.proc.kill("SIGKILL");
    for (const d of l.dirs) fs.rmSync(d, { recursive: true, force: true });
  }
});

/**
 * etcd + kube-apiserver on free loopback ports, ready (/readyz) when it resolves. Retried when a
 * port picked by freePort() was taken by someone else in the meantime (parallel test files).
 */
export async function startKubeApiserverProcesses(): Promise<KubeApiserverProcesses> {
  const bin = kubeApiserverBin();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(bin);
    } catch (e) {
      if (attempt >= 3 || !/address already in use/i.test(String(e))) throw e;
    }
  }
}

async function startOnce(bin: string): Promise<KubeApiserverProcesses> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kruise-kas-"));
  const shm = fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  const etcdDir = fs.mkdtempSync(path.join(shm, "kruise-etcd-")); // tmpfs: etcd fsyncs a lot
  const dirs = [dir, etcdDir];
  const pki = makePki(path.join(dir, "pki"));
  const tokens = writeTokenFile(path.join(dir, "tokens.csv"));
  const children: Child[] = [];
  const entry = { children, dirs };
  live.add(entry);
  let disarm = () => {};
  const stop = async () => {
    for (const c of [...children].reverse()) await stopChild(c);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    disarm();
    live.delete(entry);
  };
  try {
    const etcd = await startEtcd(etcdDir, path.join(dir, "etcd.log"));
    children.push(etcd.child);
    disarm = armWatchdog([etcd.child.proc.pid!], dirs);
    const port = await freePort();
    const kas = startChild(
      "kube-apiserver",
      bin,
      apiserverArgs(port, etcd.url, pki, dir),
      path.join(dir, "kube-apiserver.log"),
    );
    children.push(kas);
    disarm();
    disarm = armWatchdog(children.map((c) => c.proc.pid!).filter(Boolean), dirs);
    const server = `https://127.0.0.1:${port}`;
    const ca = fs.readFileSync(pki.caCert);
    await waitUntil("kube-apiserver /readyz", () => readyz(server, ca, tokens.admin), kas, 120_000);
    return { server, caData: pki.caData, tokens, dir, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
