/**
 * Kruise's CloneSet webhooks (docs/kruise-rules.md §2.1 defaults, §2.3 validation, §11.8 shapes; kruise
 * pkg/webhook/cloneset/{mutating,validating}). The sandbox emulates them; the real kube-apiserver here
 * has no Kruise installed, so those cases are sandbox-only, and the kube-apiserver side proves what
 * the bare server does instead.
 */
import { describe, expect, it } from "vitest";
import { KINDS, failure, useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";

const SANDBOX_ONLY = "sandbox-only (Kruise webhook, not installed on the real server)";
const denied = (body: Record<string, unknown>) =>
  expect(String(body.message)).toContain('admission webhook "vcloneset.kb.io" denied the request');

describe.each(KINDS)("Kruise CloneSet admission (%s)", (kind) => {
  const h = useCluster(kind, { ns: "kruise" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);
  const onSandbox = it.runIf(kind === "sandbox");
  const onReal = it.runIf(kind === "kube-apiserver");
  const bare = (name: string) => {
    const o = cloneSet(name) as { spec: Record<string, unknown> };
    delete o.spec.replicas;
    delete o.spec.updateStrategy;
    return o;
  };

  onSandbox(`${SANDBOX_ONLY}: create fills the CloneSet defaults`, async () => {
    const out = await cs().create(bare("defaults"));
    expect(out.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      updateStrategy: { type: "ReCreate", partition: 0, maxUnavailable: "20%", maxSurge: 0 },
    });
  });

  onSandbox(`${SANDBOX_ONLY}: create fills pod template defaults like SetDefaults_Pod`, async () => {
    const out = await cs().create(bare("tpl-defaults"));
    const spec = (out.spec?.template as { spec: Record<string, unknown> & { containers: Record<string, unknown>[] } })
      .spec;
    expect(spec).toMatchObject({
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      schedulerName: "default-scheduler",
      terminationGracePeriodSeconds: 30,
    });
    expect(spec.containers[0]).toMatchObject({
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
      imagePullPolicy: "Always", // Kruise's SetDefaultPodSpec, "for in-place update", whatever the tag
    });
  });

  onReal("kube-apiserver without Kruise stores the CloneSet as sent, with no defaults", async () => {
    const out = await cs().create(bare("no-defaults"));
    expect(out.spec?.replicas).toBeUndefined();
    expect(out.spec?.updateStrategy).toBeUndefined();
  });

  onSandbox(`${SANDBOX_ONLY}: negative replicas are denied by vcloneset.kb.io with 422`, async () => {
    const f = await failure(cs().create(cloneSet("neg", { replicas: -1 })));
    expect(f.code).toBe(422);
    denied(f.body);
    expect(String(f.body.message)).toContain("spec.replicas: Invalid value: -1: must be greater than or equal to 0");
  });

  onSandbox(`${SANDBOX_ONLY}: a selector that does not match the template labels is denied`, async () => {
    const o = cloneSet("mismatch") as { spec: { selector: { matchLabels: Record<string, string> } } };
    o.spec.selector.matchLabels = { app: "other" };
    const f = await failure(cs().create(o));
    expect(f.code).toBe(422);
    denied(f.body);
    expect(String(f.body.message)).toContain("selector");
  });

  onSandbox(`${SANDBOX_ONLY}: a bare numeric partition string is denied (Kruise >= 1.9 parser)`, async () => {
    const o = cloneSet("bare-pct") as { spec: { updateStrategy: Record<string, unknown> } };
    o.spec.updateStrategy.partition = "5";
    const f = await failure(cs().create(o));
    expect(f.code).toBe(422);
    denied(f.body);
  });

  onSandbox(`${SANDBOX_ONLY}: fractional percentages are accepted`, async () => {
    const o = cloneSet("frac-pct") as { spec: { updateStrategy: Record<string, unknown> } };
    o.spec.updateStrategy.partition = "12.5%";
    expect((await cs().create(o)).spec?.updateStrategy).toMatchObject({ partition: "12.5%" });
  });

  onSandbox(`${SANDBOX_ONLY}: maxSurge > 0 with InPlaceOnly is denied`, async () => {
    const o = cloneSet("surge-ipo") as { spec: { updateStrategy: Record<string, unknown> } };
    o.spec.updateStrategy = { type: "InPlaceOnly", maxSurge: 1 };
    const f = await failure(cs().create(o));
    expect(f.code).toBe(422);
    denied(f.body);
  });

  onSandbox(`${SANDBOX_ONLY}: the selector is immutable on update`, async () => {
    await cs().create(cloneSet("immut"));
    const f = await failure(
      cs().patch("immut", "merge", {
        spec: {
          selector: { matchLabels: { app: "immut", extra: "x" } },
          template: { metadata: { labels: { app: "immut", extra: "x" } } },
        },
      }),
    );
    expect(f.code).toBe(422);
    denied(f.body);
  });

  onSandbox(`${SANDBOX_ONLY}: an undecodable field is refused by the mutating webhook with 400`, async () => {
    const o = cloneSet("undecodable") as { spec: Record<string, unknown> };
    o.spec.replicas = "two";
    const f = await failure(cs().create(o));
    expect(f.code).toBe(400);
    expect(String(f.body.message)).toContain('admission webhook "mcloneset.kb.io"');
  });

  onReal("kube-apiserver without Kruise rejects a wrongly typed spec field from the CRD schema with 422", async () => {
    const o = cloneSet("undecodable") as { spec: Record<string, unknown> };
    o.spec.replicas = "two";
    const f = await failure(cs().create(o));
    expect(f.code).toBe(422);
    expect(String(f.body.message)).toContain(
      'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
    );
  });
});
