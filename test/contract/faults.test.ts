/**
 * Sandbox-only: fault injection through the admin endpoint /sandbox/faults.
 * kube-apiserver has no equivalent; these prove the knobs clients are tested with behave like the
 * real failures they stand for (a dropped watch, a restart that expires every older resourceVersion).
 */
import { describe, expect, it } from "vitest";
import { useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";
import { raw, watch } from "./lib/raw";
import type { TestUser } from "../support/clusters";

const NAME = "sandbox-only (fault injection, no kube-apiserver equivalent)";

describe("fault injection (sandbox)", () => {
  const h = useCluster("sandbox", { ns: "faults" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);
  const put = (body: object, user: TestUser = "admin") =>
    raw(h.c, {
      method: "PUT",
      path: "/sandbox/faults",
      user,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const watchPath = (rv: string) =>
    `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets?watch=1&resourceVersion=${rv}`;

  it(`${NAME}: only the admin may read or change the faults`, async () => {
    expect((await raw(h.c, { path: "/sandbox/faults" })).status).toBe(200);
    const r = await put({ latencyMs: 0 }, "viewer");
    expect(r.status).toBe(403);
    expect(r.json()).toMatchObject({ kind: "Status", reason: "Forbidden", code: 403 });
  });

  it(`${NAME}: dropWatches ends open watch streams`, async () => {
    const w = await watch(h.c, watchPath("0"));
    expect((await put({ dropWatches: true })).status).toBe(200);
    await w.ended;
  });

  it(`${NAME}: after a simulated restart a watch from an older resourceVersion gets 200 + ERROR 410 Expired`, async () => {
    const a = await cs().create(cloneSet("before-restart"));
    // Like kube's watch cache after a restart: the current resourceVersion stays watchable, older ones expire.
    await cs().patch("before-restart", "merge", { spec: { replicas: 3 } });
    expect((await put({ restart: true })).json()).toMatchObject({ restarted: true });
    const w = await watch(h.c, watchPath(a.metadata.resourceVersion));
    await w.ended;
    expect(w.status).toBe(200);
    expect(w.events.map((e) => e.type)).toEqual(["ERROR"]);
    expect(w.events[0].object).toMatchObject({ kind: "Status", reason: "Expired", code: 410 });
    expect(String(w.events[0].object.message)).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });

  it(`${NAME}: an error rate of 1 for a verb fails that verb with a 503 Status and nothing else`, async () => {
    await put({ errorRate: { create: 1 } });
    try {
      const r = await raw(h.c, {
        method: "POST",
        path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets`,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(cloneSet("unlucky")),
      });
      expect(r.status).toBe(503);
      expect(r.json()).toMatchObject({ kind: "Status", status: "Failure", code: 503 });
      expect((await raw(h.c, { path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets` })).status).toBe(200);
    } finally {
      await put({ errorRate: {} });
    }
  });
});
