import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { stringify } from "yaml";

/**
 * A kubeconfig with one context per sandbox user. Plain http still needs `insecure-skip-tls-verify: true`
 * for client-node 1.4.0 (it refuses http clusters otherwise; see docs/toolchain.md).
 */
export function kubeconfigYaml(
  url: string,
  tokens: Record<string, string>,
  current: string,
  cluster = "sandbox",
): string {
  const users = Object.keys(tokens);
  if (!users.includes(current)) throw new Error(`unknown sandbox user "${current}" (have: ${users.join(", ")})`);
  const ctxName = (u: string) => (u === "admin" ? cluster : `${cluster}-${u}`);
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    preferences: {},
    clusters: [{ name: cluster, cluster: { server: url, "insecure-skip-tls-verify": true } }],
    users: users.map((u) => ({ name: `${cluster}-${u}`, user: { token: tokens[u] } })),
    contexts: users.map((u) => ({
      name: ctxName(u),
      context: { cluster, user: `${cluster}-${u}`, namespace: "default" },
    })),
    "current-context": ctxName(current),
  });
}

export function writeKubeconfigFile(
  path: string,
  url: string,
  tokens: Record<string, string>,
  opts: { user?: string; context?: string } = {},
) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, kubeconfigYaml(url, tokens, opts.user ?? "admin", opts.context ?? "sandbox"), { mode: 0o600 });
}
