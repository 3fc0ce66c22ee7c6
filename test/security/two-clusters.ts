/**
 * Two clusters whose users differ, in one kubeconfig, for the per-cluster identity cases: context `dev`
 * is a sandbox (its users file) and `prod` the real kube-apiserver (its --token-auth-file). Both have
 * users named viewer, deployer, …, with different tokens: exactly the "same name on two clusters" case.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import type { TestCluster } from "../support/clusters";
import { useCluster } from "../contract/lib/harness";
import { useConsole, type ConsoleUnderTest } from "./harness";

export const DEV = "dev";
export const PROD = "prod";

function entry(c: TestCluster) {
  return c.caData
    ? { server: c.kubeConfig().getCurrentCluster()!.server, "certificate-authority-data": c.caData }
    : { server: c.kubeConfig().getCurrentCluster()!.server, "insecure-skip-tls-verify": true };
}

/** The kubeconfig the console reads: each context acts as that cluster's admin (the console's own identity). */
export function writeTwoClusterKubeconfig(dev: TestCluster, prod: TestCluster): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kruise-two-clusters-"));
  const file = path.join(dir, "kubeconfig");
  const doc = {
    apiVersion: "v1",
    kind: "Config",
    clusters: [
      { name: DEV, cluster: entry(dev) },
      { name: PROD, cluster: entry(prod) },
    ],
    users: [
      { name: `${DEV}-admin`, user: { token: dev.tokens.admin } },
      { name: `${PROD}-admin`, user: { token: prod.tokens.admin } },
    ],
    contexts: [
      { name: DEV, context: { cluster: DEV, user: `${DEV}-admin` } },
      { name: PROD, context: { cluster: PROD, user: `${PROD}-admin` } },
    ],
    "current-context": DEV,
    preferences: {},
  };
  fs.writeFileSync(file, stringify(doc), { mode: 0o600 });
  return file;
}

export interface TwoClusterConsole {
  con: ConsoleUnderTest;
  /** the sandbox behind context `dev` */
  readonly dev: TestCluster;
  /** the kube-apiserver behind context `prod` */
  readonly prod: TestCluster;
}

/** The console in token mode (plus `env`) over `dev` (sandbox) and `prod` (kube-apiserver) for this file. */
export function useTwoClusterConsole(env: Record<string, string> = {}): TwoClusterConsole {
  const prod = useCluster("kube-apiserver");
  const con = useConsole("sandbox", { KRUISE_CONSOLE_MODE: "token", ...env }, (dev) =>
    Promise.resolve(writeTwoClusterKubeconfig(dev, prod.c)),
  );
  return {
    con,
    get dev() {
      return con.c;
    },
    get prod() {
      return prod.c;
    },
  };
}
