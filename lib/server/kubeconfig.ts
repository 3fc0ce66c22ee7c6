import { KubeConfig } from "@kubernetes/client-node";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// client-node's in-cluster paths (config.js SERVICEACCOUNT_*), checked before loadFromCluster.
const SA_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";
export const IN_CLUSTER_CONTEXT = "in-cluster";

export interface KubeconfigSource {
  /** where the config came from, for messages */
  describe: string;
  /** files whose change should trigger a reload (empty for in-cluster) */
  files: string[];
  load(): KubeConfig;
}

function splitPaths(v: string | undefined): string[] {
  return (v ?? "")
    .split(path.delimiter)
    .map((p) => p.trim())
    .filter(Boolean);
}

function fromFiles(files: string[], describe: string): KubeconfigSource {
  return {
    describe,
    files,
    load: () => {
      // kubectl's KUBECONFIG merge: the first file to define a name wins (client-node's mergeConfig
      // throws on duplicates instead), the first file's current-context is used, missing files are skipped.
      const kc = new KubeConfig();
      const [first, ...rest] = files.filter((f) => fs.existsSync(f));
      if (!first) return kc;
      kc.loadFromFile(first);
      const { clusters, users, contexts } = kc;
      const add = <T extends { name: string }>(into: T[], more: T[]) => {
        for (const x of more) if (!into.some((y) => y.name === x.name)) into.push(x);
      };
      for (const f of rest) {
        const more = new KubeConfig();
        more.loadFromFile(f);
        add(clusters, more.clusters);
        add(users, more.users);
        add(contexts, more.contexts);
      }
      kc.loadFromOptions({ clusters, users, contexts, currentContext: kc.currentContext });
      return kc;
    },
  };
}

/**
 * Where clusters come from, in order: KRUISE_CONSOLE_KUBECONFIG (set by the launcher), KUBECONFIG
 * (a path list, as kubectl reads it), ~/.kube/config, then the pod's service account (client-node
 * KubeConfig.loadFromCluster). Unlike client-node's loadFromDefault, never falls back to localhost:8080.
 */
export function findKubeconfig(
  env: Record<string, string | undefined> = process.env,
  home = os.homedir(),
): KubeconfigSource | null {
  const own = splitPaths(env.KRUISE_CONSOLE_KUBECONFIG);
  if (own.length) return fromFiles(own, `KRUISE_CONSOLE_KUBECONFIG=${env.KRUISE_CONSOLE_KUBECONFIG}`);
  const list = splitPaths(env.KUBECONFIG);
  if (list.length) return fromFiles(list, `KUBECONFIG=${env.KUBECONFIG}`);
  const def = path.join(home, ".kube", "config");
  if (fs.existsSync(def)) return fromFiles([def], def);
  if (env.KUBERNETES_SERVICE_HOST && fs.existsSync(path.join(SA_DIR, "token"))) {
    return {
      describe: "in-cluster service account",
      files: [],
      load: () => {
        const kc = new KubeConfig();
        kc.loadFromCluster();
        const ctx = kc.contexts[0];
        kc.loadFromOptions({
          clusters: kc.clusters,
          users: kc.users,
          contexts: [{ ...ctx, name: IN_CLUSTER_CONTEXT }],
          currentContext: IN_CLUSTER_CONTEXT,
        });
        return kc;
      },
    };
  }
  return null;
}

/** A KubeConfig whose current context is `context`, so client-node talks to that cluster as that user. */
export function kubeConfigForContext(base: KubeConfig, context: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({ clusters: base.clusters, users: base.users, contexts: base.contexts, currentContext: context });
  return kc;
}

/** mtimes of the source files: a cheap "did the kubeconfig change" signature. */
export function signature(src: KubeconfigSource): string {
  return (
    src.describe +
    "|" +
    src.files
      .map((f) => {
        try {
          return String(fs.statSync(f).mtimeMs);
        } catch {
          return "-";
        }
      })
      .join(",")
  );
}
