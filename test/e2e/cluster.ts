/**
 * What specs need from a cluster: kubectl against a kubeconfig and context (the sandbox's by default; the
 * real-controller cluster's through `kubectlOn`, test/e2e/real.ts), and the sandbox's fault endpoint (admin token
 * from the same kubeconfig).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { parse } from "yaml";
import { E2E_KUBECONFIG } from "./paths";

/** kubectl bound to one kubeconfig and (unless it is the file's current one) one context. */
export interface Kubectl {
  /** the console's cluster name for it (the kubeconfig context) */
  context: string;
  run(...args: string[]): string;
  json<T>(...args: string[]): T;
  /** `kubectl apply -f -` of one object */
  apply(obj: unknown): string;
}

export function kubectlOn(kubeconfig: string, context?: string): Kubectl {
  const base = ["--kubeconfig", kubeconfig, ...(context ? ["--context", context] : [])];
  const run = (...args: string[]) =>
    execFileSync("kubectl", [...base, ...args], { encoding: "utf8", timeout: 120_000, maxBuffer: 512 * 1024 * 1024 });
  return {
    get context() {
      return context ?? sandboxAdmin().context;
    },
    run,
    json: <T>(...args: string[]) => JSON.parse(run(...args, "-o", "json")) as T,
    apply: (obj: unknown) =>
      execFileSync("kubectl", [...base, "apply", "-f", "-"], {
        input: JSON.stringify(obj),
        encoding: "utf8",
        timeout: 120_000,
      }),
  };
}

/** The sandbox's kubectl (the demo kubeconfig's current context). */
export const sandboxKubectl: Kubectl = kubectlOn(E2E_KUBECONFIG);

export function kubectl(...args: string[]): string {
  return sandboxKubectl.run(...args);
}

/**
 * Creates the namespace unless it already exists. Only AlreadyExists is ignored: a failure to reach the sandbox (a
 * TLS handshake timeout on a saturated machine) is retried twice and then thrown, instead of surfacing later as a
 * missing namespace.
 */
export function ensureNamespace(ns: string, k: Kubectl = sandboxKubectl): void {
  for (let attempt = 1; ; attempt++) {
    try {
      k.run("create", "namespace", ns);
      return;
    } catch (e) {
      if (/AlreadyExists/.test(String((e as { stderr?: string }).stderr ?? e))) return;
      if (attempt === 3) throw e;
    }
  }
}

export function kubectlJson<T>(...args: string[]): T {
  return sandboxKubectl.json<T>(...args);
}

/** `kubectl apply -f -` of one object. */
export function kubectlApply(obj: unknown): string {
  return sandboxKubectl.apply(obj);
}

/** A one-container InPlaceIfPossible CloneSet selected by `app: <name>`, as the specs create them. */
export function cloneSetManifest(
  namespace: string,
  name: string,
  o: { replicas: number; image?: string; partition?: number },
) {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name, namespace },
    spec: {
      replicas: o.replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: "app", image: o.image ?? "nginx:1.25" }] },
      },
      updateStrategy: { type: "InPlaceIfPossible", ...(o.partition !== undefined ? { partition: o.partition } : {}) },
    },
  };
}

interface Kc {
  "current-context": string;
  contexts: { name: string; context: { cluster: string; user: string } }[];
  clusters: { name: string; cluster: { server: string } }[];
  users: { name: string; user: { token?: string } }[];
}

/** The sandbox URL and admin token of the kubeconfig's current context. */
export function sandboxAdmin(): { server: string; token: string; context: string } {
  const kc = parse(readFileSync(E2E_KUBECONFIG, "utf8")) as Kc;
  const ctx = kc.contexts.find((c) => c.name === kc["current-context"])!;
  const server = kc.clusters.find((c) => c.name === ctx.context.cluster)!.cluster.server;
  const token = kc.users.find((u) => u.name === ctx.context.user)!.user.token ?? "";
  return { server, token, context: ctx.name };
}

/** PUT /sandbox/faults (admin only): e.g. { dropWatches: true } or { errorRate: { watch: 1 } }. */
export function faults(body: Record<string, unknown>): Promise<unknown> {
  const { server, token } = sandboxAdmin();
  const url = new URL("/sandbox/faults", server);
  const data = JSON.stringify(body);
  // The sandbox serves a self-signed certificate on loopback (its kubeconfig says insecure-skip-tls-verify).
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: "PUT",
        rejectUnauthorized: false,
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(JSON.parse(text || "null"))
            : reject(new Error(`faults ${res.statusCode}: ${text}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}
