/**
 * Kubeconfigs for test clusters: one context per test user (named after the user),
 * current context "admin". https clusters carry the CA; plain http needs
 * insecure-skip-tls-verify for client-node (docs/toolchain.md).
 */
import { KubeConfig } from "@kubernetes/client-node";
import fs from "node:fs";
import { stringify } from "yaml";

export const TEST_USERS = [
  "admin",
  "viewer",
  "viewer-no-logs",
  "deployer",
  "nobody",
  "shop-reader",
  "payments-reader",
] as const;
export type TestUser = (typeof TEST_USERS)[number];

export interface ClusterEndpoint {
  server: string;
  caData?: string; // base64 PEM; absent for plain http
}

const CLUSTER = "test";

function clusterEntry(ep: ClusterEndpoint) {
  return ep.caData
    ? { server: ep.server, "certificate-authority-data": ep.caData }
    : { server: ep.server, "insecure-skip-tls-verify": true };
}

/** The kubeconfig document (kubectl/client-node format) for the given tokens. */
export function kubeconfigDoc(ep: ClusterEndpoint, tokens: Record<string, string>, current = "admin") {
  const names = Object.keys(tokens);
  return {
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: CLUSTER, cluster: clusterEntry(ep) }],
    users: names.map((n) => ({ name: n, user: { token: tokens[n] } })),
    contexts: names.map((n) => ({ name: n, context: { cluster: CLUSTER, user: n } })),
    "current-context": current,
    preferences: {},
  };
}

export function writeKubeconfigFile(filePath: string, ep: ClusterEndpoint, tokens: Record<string, string>): void {
  fs.writeFileSync(filePath, stringify(kubeconfigDoc(ep, tokens)), { mode: 0o600 });
}

/** A client-node KubeConfig acting as `user`. */
export function kubeConfigFor(ep: ClusterEndpoint, tokens: Record<string, string>, user: string): KubeConfig {
  const token = tokens[user];
  if (token === undefined) throw new Error(`no token for test user ${user}`);
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: CLUSTER, server: ep.server, caData: ep.caData, skipTLSVerify: !ep.caData }],
    users: [{ name: user, token }],
    contexts: [{ name: user, cluster: CLUSTER, user }],
    currentContext: user,
  });
  return kc;
}
