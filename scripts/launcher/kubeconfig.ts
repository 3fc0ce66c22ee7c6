/**
 * Finding the user's kubeconfig and merging the sandbox into it (launcher only; the dashboard reads
 * the result through client-node like any kubeconfig). Merge rules follow kubectl's: for clusters,
 * users and contexts the first file that defines a name wins; current-context comes from the first file
 * that sets one (k8s.io/client-go/tools/clientcmd/loader.go).
 */
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";

export interface Named {
  name: string;
  [k: string]: unknown;
}
export interface KubeConfig {
  apiVersion?: string;
  kind?: string;
  "current-context"?: string;
  clusters?: Named[];
  users?: Named[];
  contexts?: Named[];
  [k: string]: unknown;
}

const IN_CLUSTER_TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token";
const IN_CLUSTER_CA = "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt";

export type Source = { kind: "files"; files: string[] } | { kind: "in-cluster" } | { kind: "none" };

/** Where the cluster list comes from: KUBECONFIG (a path list), ~/.kube/config, or the in-cluster service account. */
export function findKubeconfig(
  env: Record<string, string | undefined>,
  exists: (p: string) => boolean = existsSync,
  home = os.homedir(),
): Source {
  if (env.KUBECONFIG) {
    const files = env.KUBECONFIG.split(path.delimiter).filter((f) => f && exists(f));
    if (files.length) return { kind: "files", files };
  }
  const def = path.join(home, ".kube", "config");
  if (exists(def)) return { kind: "files", files: [def] };
  if (env.KUBERNETES_SERVICE_HOST && exists(IN_CLUSTER_TOKEN)) return { kind: "in-cluster" };
  return { kind: "none" };
}

// Fields holding file paths, which kubectl resolves relative to the kubeconfig that contains them.
const FILE_FIELDS: Record<"clusters" | "users", [string, string[]]> = {
  clusters: ["cluster", ["certificate-authority"]],
  users: ["user", ["client-certificate", "client-key", "tokenFile"]],
};

function absolutise(cfg: KubeConfig, dir: string): KubeConfig {
  for (const list of ["clusters", "users"] as const) {
    const [inner, fields] = FILE_FIELDS[list];
    for (const entry of cfg[list] ?? []) {
      const body = entry[inner] as Record<string, unknown> | undefined;
      for (const f of fields) {
        const v = body?.[f];
        if (body && typeof v === "string" && v && !path.isAbsolute(v)) body[f] = path.resolve(dir, v);
      }
    }
  }
  return cfg;
}

/** Read one kubeconfig file (YAML or JSON) with its relative file paths made absolute. */
export function readKubeconfig(file: string): KubeConfig {
  const cfg = (parse(readFileSync(file, "utf8")) ?? {}) as KubeConfig;
  return absolutise(cfg, path.dirname(path.resolve(file)));
}

/** kubectl's merge: first definition of a name wins; first current-context wins. */
export function mergeKubeconfigs(configs: KubeConfig[]): KubeConfig {
  const out: KubeConfig = { apiVersion: "v1", kind: "Config", clusters: [], users: [], contexts: [] };
  for (const c of configs) {
    if (!out["current-context"] && c["current-context"]) out["current-context"] = c["current-context"];
    for (const list of ["clusters", "users", "contexts"] as const) {
      for (const e of c[list] ?? []) if (!out[list]!.some((x) => x.name === e.name)) out[list]!.push(e);
    }
  }
  return out;
}

/** The in-cluster service account as a kubeconfig context named `in-cluster`. */
export function inClusterKubeconfig(env: Record<string, string | undefined>): KubeConfig {
  const host = env.KUBERNETES_SERVICE_HOST ?? "";
  const server = `https://${host.includes(":") ? `[${host}]` : host}:${env.KUBERNETES_SERVICE_PORT ?? "443"}`;
  return {
    apiVersion: "v1",
    kind: "Config",
    "current-context": "in-cluster",
    clusters: [{ name: "in-cluster", cluster: { server, "certificate-authority": IN_CLUSTER_CA } }],
    users: [{ name: "in-cluster", user: { tokenFile: IN_CLUSTER_TOKEN } }],
    contexts: [{ name: "in-cluster", context: { cluster: "in-cluster", user: "in-cluster" } }],
  };
}

/**
 * The sandbox's kubeconfig with names that cannot collide with the user's: its current context becomes
 * `sandbox`, the others `sandbox-<name>` unless already so prefixed (e.g. a read-only viewer to see a forbidden cluster explained).
 */
export function renameSandbox(cfg: KubeConfig): KubeConfig {
  const current = cfg["current-context"];
  const rename = (n: string) => (n === current ? "sandbox" : n.startsWith("sandbox") ? n : `sandbox-${n}`);
  const contexts = (cfg.contexts ?? []).map((c) => {
    const ctx = (c.context ?? {}) as { cluster?: string; user?: string };
    return {
      ...c,
      name: rename(c.name),
      context: { ...ctx, cluster: `sandbox:${ctx.cluster}`, user: `sandbox:${ctx.user}` },
    };
  });
  return {
    apiVersion: "v1",
    kind: "Config",
    "current-context": "sandbox",
    clusters: (cfg.clusters ?? []).map((c) => ({ ...c, name: `sandbox:${c.name}` })),
    users: (cfg.users ?? []).map((u) => ({ ...u, name: `sandbox:${u.name}` })),
    contexts,
  };
}
