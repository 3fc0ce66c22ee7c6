/**
 * What a Kubernetes user expects of each rendered overlay (`kubectl kustomize deploy/overlays/<mode>`):
 * replicas spread over nodes, readiness and liveness probes on /readyz and /healthz, a preStop delay,
 * resource requests, a PodDisruptionBudget over exactly the console's pods, the console's own flags accepted
 * by its server, the session store it names rendered beside it, and no secret written in plain text.
 * (deploy-manifest.test.ts has a real kube-apiserver accept them.)
 */
import { describe, expect, it } from "vitest";
import { bindRefusal, parseServeArgs } from "../../scripts/serve/options";
import { OVERLAYS, render, type K8sDoc } from "./deploy-render";

interface Probe {
  httpGet?: { path: string };
  exec?: { command: string[] };
}
interface Container {
  name: string;
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: unknown };
  resources?: { requests?: { cpu?: string; memory?: string } };
}
interface PodSpec {
  containers: Container[];
  affinity?: { podAntiAffinity?: unknown };
  terminationGracePeriodSeconds?: number;
}
const NAME: Record<(typeof OVERLAYS)[number], string> = {
  local: "kruise-console",
  token: "kruise-console-token",
  proxy: "kruise-console-proxy",
};
const probePath = (p?: Probe) => p?.httpGet?.path ?? /\/(readyz|healthz)\b/.exec(p?.exec?.command.join(" ") ?? "")?.[0];
const sel = (d: K8sDoc) => (d.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;

describe.each(OVERLAYS)("deploy/overlays/%s, rendered", (mode) => {
  const { docs } = render(mode);
  const deploy = docs.find((d) => d.kind === "Deployment" && d.metadata.name === NAME[mode])!;
  const template = (deploy.spec as { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } })
    .template;
  const console_ = template.spec.containers.find((c) => c.name === "console")!;

  it("runs the console with probes on /readyz and /healthz, a preStop delay, requests and anti-affinity", () => {
    expect((deploy.spec as { replicas: number }).replicas).toBe(mode === "local" ? 1 : 2);
    expect(probePath(console_.readinessProbe)).toBe("/readyz");
    expect(probePath(console_.livenessProbe)).toBe("/healthz");
    expect(console_.lifecycle?.preStop).toBeDefined();
    expect(console_.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(template.spec.affinity?.podAntiAffinity).toBeDefined();
    // the server's own shutdown budget fits in the grace period
    const budget = Number(console_.env!.find((e) => e.name === "KRUISE_CONSOLE_SHUTDOWN_SECONDS")!.value);
    expect(budget + 5).toBeLessThan(template.spec.terminationGracePeriodSeconds!);
  });

  it("has a PodDisruptionBudget selecting exactly the console's pods", () => {
    const pdbs = docs.filter((d) => d.kind === "PodDisruptionBudget");
    expect(pdbs).toHaveLength(1);
    expect(sel(pdbs[0])).toEqual(sel(deploy));
    for (const [k, v] of Object.entries(sel(pdbs[0]))) expect(template.metadata.labels[k]).toBe(v);
    expect((pdbs[0].spec as { maxUnavailable: number }).maxUnavailable).toBe(1);
  });

  it("starts the console with flags its server accepts, and a Redis store that is rendered beside it", () => {
    const env = Object.fromEntries(console_.env!.filter((e) => e.value !== undefined).map((e) => [e.name, e.value]));
    const o = parseServeArgs(console_.args!, env);
    expect(bindRefusal(o)).toBeNull();
    expect(o.mode).toBe(mode);
    if (mode === "local") expect(o.sessionStore).toBe("memory");
    else {
      const host = new URL(o.sessionStore).hostname;
      expect(docs.some((d) => d.kind === "Service" && d.metadata.name === host)).toBe(true);
      expect(o.sessionStorePasswordFile).toBeDefined();
    }
  });

  it("holds no secret in plain text: no Secret objects, and every secret-looking variable comes from a file or a Secret", () => {
    expect(docs.filter((d) => d.kind === "Secret" || d.kind === "ConfigMap")).toEqual([]);
    const envs = docs.flatMap((d) =>
      ((d.spec as { template?: { spec: PodSpec } } | undefined)?.template?.spec.containers ?? []).flatMap(
        (c) => c.env ?? [],
      ),
    );
    for (const e of envs.filter((x) => /PASSWORD|TOKEN|SECRET|KEY/.test(x.name)))
      expect(e.name.endsWith("_FILE") || !!(e.valueFrom as { secretKeyRef?: unknown })?.secretKeyRef, e.name).toBe(
        true,
      );
    // Redis gets its password from the kubelet's expansion of a Secret-backed variable, not from the manifest.
    const args = docs.flatMap((d) =>
      ((d.spec as { template?: { spec: PodSpec } } | undefined)?.template?.spec.containers ?? []).flatMap(
        (c) => c.args ?? [],
      ),
    );
    const i = args.indexOf("--requirepass");
    if (i >= 0) expect(args[i + 1]).toBe("$(REDIS_PASSWORD)");
    expect(i >= 0).toBe(mode !== "local");
  });
});
