/**
 * What kruise-manager needs on a cluster before it starts, taken from the archive's own `config/` (never copied
 * into this repository): its CRDs, the `kruise-system` namespace, and its two webhook configurations rendered with
 * `kubectl kustomize config/webhook`, named as the manager looks them up (`kruise-mutating-webhook-configuration`,
 * `kruise-validating-webhook-configuration`, upstream `pkg/webhook/util/configuration/configuration.go`) and
 * pointed at the manager's webhook port on 127.0.0.1. The manager writes its serving CA into them when it starts.
 */
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { parseAllDocuments } from "yaml";

const run = promisify(execFile);

interface WebhookConfig {
  kind: string;
  metadata: { name: string; namespace?: string };
  webhooks?: { clientConfig: { service?: { path?: string }; url?: string } }[];
}

/** kubectl with the given kubeconfig, `input` on stdin; rejects with kubectl's stderr. */
function kubectl(kubeconfig: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("kubectl", ["--kubeconfig", kubeconfig, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "",
      err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`kubectl ${args.join(" ")} failed: ${err.trim() || out.trim()}`)),
    );
    child.stdin.end(input ?? "");
  });
}

/** The archive's webhook configurations, renamed and pointed at https://127.0.0.1:<port><path>. */
export async function webhookConfigurations(configDir: string, port: number): Promise<WebhookConfig[]> {
  const { stdout } = await run("kubectl", ["kustomize", path.join(configDir, "webhook")], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const docs = parseAllDocuments(stdout).map((d) => d.toJS() as WebhookConfig);
  const names: Record<string, string> = {
    MutatingWebhookConfiguration: "kruise-mutating-webhook-configuration",
    ValidatingWebhookConfiguration: "kruise-validating-webhook-configuration",
  };
  const configs = docs.filter((d) => names[d.kind]);
  if (configs.length !== 2) throw new Error(`kubectl kustomize ${configDir}/webhook gave no webhook configurations`);
  return configs.map((c) => ({
    ...c,
    metadata: { name: names[c.kind] },
    webhooks: (c.webhooks ?? []).map((w) => ({
      ...w,
      clientConfig: { url: `https://127.0.0.1:${port}${w.clientConfig.service?.path ?? ""}` },
    })),
  }));
}

/** CRDs (Established), `kruise-system`, and the webhook configurations. */
export async function installKruise(kubeconfig: string, configDir: string, webhookPort: number): Promise<void> {
  await kubectl(kubeconfig, ["create", "-f", path.join(configDir, "crd/bases")]);
  await kubectl(kubeconfig, ["wait", "--for=condition=Established", "--timeout=120s", "crd", "--all"]);
  await kubectl(kubeconfig, ["create", "namespace", "kruise-system"]);
  const configs = await webhookConfigurations(configDir, webhookPort);
  await kubectl(kubeconfig, ["create", "-f", "-"], JSON.stringify({ apiVersion: "v1", kind: "List", items: configs }));
}
