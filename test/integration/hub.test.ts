import { ApiextensionsV1Api, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KubeClient } from "@/lib/server/kube";
import { InformerHub } from "@/lib/server/hub/hub";
import type { HubOptions } from "@/lib/server/hub/types";
import { startCluster, type TestCluster } from "../support/clusters";
import { kubeConfigFor } from "../support/kubeconfig";
import { startCountingProxy, type CountingProxy } from "./hub-proxy";
import { createPod, Recorder, waitFor } from "./hub-helpers";

// Fast retries so recovery is quick; the backoff maths itself is unit-tested in lib/server/hub/backoff.test.ts.
const FAST: Partial<HubOptions> = { backoff: { baseMs: 50, maxMs: 400 }, idleStopMs: 60_000 };

// HUB_TEST_CLUSTER=kube-apiserver runs the same scenarios against a real kube-apiserver 1.20.
const KIND = process.env.HUB_TEST_CLUSTER === "kube-apiserver" ? "kube-apiserver" : "sandbox";
let cluster: TestCluster;
let proxy: CountingProxy;
let hub: InformerHub | undefined;
let nsCounter = 0;

async function freshNamespace(): Promise<string> {
  const name = `hub-${process.pid}-${++nsCounter}`;
  await cluster
    .kubeConfig("admin")
    .makeApiClient(CoreV1Api)
    .createNamespace({ body: { metadata: { name } } });
  return name;
}

/** A hub whose clusters are the test users' contexts, all reached through the counting proxy. */
function makeHub(opts: Partial<HubOptions> = {}): InformerHub {
  const clients = new Map<string, KubeClient>();
  hub = new InformerHub(
    (name) => {
      if (name === "unreachable")
        return new KubeClient(kubeConfigFor({ server: "http://127.0.0.1:1" }, cluster.tokens, "admin"));
      let c = clients.get(name);
      if (!c) clients.set(name, (c = new KubeClient(kubeConfigFor({ server: proxy.url }, cluster.tokens, name))));
      return c;
    },
    { ...FAST, ...opts },
  );
  return hub;
}

/** The sandbox's own fault endpoint; on a real API server the proxy cuts the connections instead. */
async function dropWatches(): Promise<void> {
  if (KIND === "sandbox") await putFaults({ dropWatches: true });
  else proxy.dropWatches();
}

async function putFaults(body: object): Promise<void> {
  const res = await fetch(`${cluster.server}/sandbox/faults`, {
    method: "PUT",
    body: JSON.stringify(body),
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  cluster = await startCluster(KIND);
  proxy = await startCountingProxy(cluster.server, cluster.caData);
});
afterEach(() => {
  hub?.close();
  hub = undefined;
});
afterAll(async () => {
  await proxy?.close();
  await cluster?.stop();
});

describe(`informer hub against ${KIND}`, () => {
  it("fans one upstream LIST+WATCH out to many subscribers, snapshot first then live changes", async () => {
    const ns = await freshNamespace();
    await createPod(cluster.kubeConfig(), ns, "before");
    const h = makeHub();
    const subs = Array.from({ length: 25 }, () => new Recorder());
    for (const r of subs) h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
    await waitFor("all subscribers live with the snapshot", () =>
      subs.every((r) => r.lastStatus()?.state === "live" && r.has("before")),
    );
    await createPod(cluster.kubeConfig(), ns, "after");
    await waitFor("the new pod at every subscriber", () => subs.every((r) => r.has("after")));
    const path = `/namespaces/${ns}/pods`;
    expect(proxy.watches(path)).toBe(1);
    expect(proxy.lists(path)).toBe(1);
    expect(subs[0].states()[0]).toBe("connecting");
    expect(h.stats()).toEqual([
      expect.objectContaining({ resource: "pods", namespace: ns, watches: 1, lists: 1, subscribers: 25 }),
    ]);
  });

  it("a subscriber joining a live scope gets the current snapshot without another upstream call", async () => {
    const ns = await freshNamespace();
    await createPod(cluster.kubeConfig(), ns, "p1");
    const h = makeHub();
    const first = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, first.listener);
    await waitFor("first live", () => first.lastStatus()?.state === "live" && first.has("p1"));
    const late = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, late.listener);
    expect(late.states()).toEqual(["live"]);
    expect(late.has("p1")).toBe(true);
    expect(proxy.lists(`/namespaces/${ns}/pods`)).toBe(1);
  });

  it("the all-namespaces scope is its own upstream watch and sees every namespace", async () => {
    const ns = await freshNamespace();
    const h = makeHub();
    const all = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: null }, all.listener);
    await waitFor("all-namespaces live", () => all.lastStatus()?.state === "live");
    await createPod(cluster.kubeConfig(), ns, "anywhere");
    await waitFor("pod from a fresh namespace", () => all.has("anywhere"));
    expect(proxy.watches("/api/v1/pods")).toBeGreaterThanOrEqual(1);
  });

  it("the first LIST is answered from the API server's cache in one request whatever the page size, and the snapshot has every pod", async () => {
    const ns = await freshNamespace();
    for (const n of ["p1", "p2", "p3", "p4", "p5"]) await createPod(cluster.kubeConfig(), ns, n);
    const h = makeHub({ pageSize: 2 });
    const r = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
    await waitFor("live with all five", () => r.lastStatus()?.state === "live" && r.objects.size === 5);
    const lists = proxy.requests.filter((q) => !q.watch && q.path.endsWith(`/namespaces/${ns}/pods`));
    expect(lists.map((q) => q.resourceVersion)).toEqual(["0"]);
    expect(r.snapshots()).toBe(1);
    await createPod(cluster.kubeConfig(), ns, "p6");
    await waitFor("a pod created after the list arrives by the watch", () => r.has("p6"));
  });

  it("recovers after the API server drops every watch: reconnecting, then live, resuming without a relist", async () => {
    const ns = await freshNamespace();
    const h = makeHub();
    const r = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
    await waitFor("live", () => r.lastStatus()?.state === "live");
    await dropWatches();
    await waitFor("reconnecting after the drop", () => r.states().includes("reconnecting"));
    await waitFor(
      "live again",
      () => r.lastStatus()?.state === "live" && r.states().lastIndexOf("live") > r.states().indexOf("reconnecting"),
    );
    await createPod(cluster.kubeConfig(), ns, "after-drop");
    await waitFor("change after recovery", () => r.has("after-drop"));
    const stats = h.stats()[0];
    expect(stats.lists).toBe(1);
    expect(stats.watches).toBeGreaterThanOrEqual(2);
    expect(r.snapshots()).toBe(1);
  });

  // A forced 410 needs the sandbox's history reset; kube-apiserver keeps ~75 s of watch history.
  it.skipIf(KIND !== "sandbox")(
    "relists after 410 Expired (history reset while disconnected) and the new snapshot has what changed meanwhile",
    async () => {
      const ns = await freshNamespace();
      await createPod(cluster.kubeConfig(), ns, "old");
      const h = makeHub();
      const r = new Recorder();
      h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
      await waitFor("live", () => r.lastStatus()?.state === "live" && r.has("old"));
      proxy.setBlocked(true);
      proxy.dropWatches();
      await waitFor("not live while the network is down", () => r.lastStatus()?.state !== "live");
      await cluster
        .kubeConfig()
        .makeApiClient(CoreV1Api)
        .deleteNamespacedPod({ namespace: ns, name: "old", gracePeriodSeconds: 0 });
      await createPod(cluster.kubeConfig(), ns, "new");
      await putFaults({ restart: true });
      proxy.setBlocked(false);
      await waitFor("live after relist", () => r.lastStatus()?.state === "live" && r.snapshots() === 2);
      expect(r.has("new")).toBe(true);
      expect(r.has("old")).toBe(false);
      expect(h.stats()[0].lists).toBe(2);
      // The relist after 410 reads the latest state in pages: the cache may be behind what expired.
      const lists = proxy.requests.filter((q) => !q.watch && q.path.endsWith(`/namespaces/${ns}/pods`));
      expect(lists.map((q) => q.resourceVersion)).toEqual(["0", null]);
    },
  );

  it("an outage turns the scope stale since the drop, with the reason, and never live until it recovers", async () => {
    const ns = await freshNamespace();
    const h = makeHub();
    const r = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
    await waitFor("live", () => r.lastStatus()?.state === "live");
    proxy.setBlocked(true);
    proxy.dropWatches();
    const stale = await waitFor("stale", () => (r.lastStatus()?.state === "stale" ? r.lastStatus() : undefined));
    expect(stale.error?.code).toBe(502);
    expect(stale.error?.reason).toBe("Unreachable");
    const reconnecting = r.frames
      .map((f) => f.payload)
      .find((p) => p.event === "status" && p.data.state === "reconnecting");
    expect(stale.since).toBe(reconnecting?.event === "status" ? reconnecting.data.since : "missing");
    proxy.setBlocked(false);
    await waitFor("live again", () => r.lastStatus()?.state === "live");
  });

  it("a forbidden scope reports which permission is missing while another cluster's scope stays live", async () => {
    const ns = await freshNamespace();
    const h = makeHub();
    const denied = new Recorder();
    const allowed = new Recorder();
    h.subscribe({ cluster: "nobody", resource: "clonesets", namespace: ns }, denied.listener);
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, allowed.listener);
    const err = await waitFor("403", () =>
      denied.lastStatus()?.state === "error" ? denied.lastStatus()?.error : undefined,
    );
    expect(err.code).toBe(403);
    expect(err.reason).toBe("Forbidden");
    expect(err.message).toContain(`cannot list resource "clonesets" in API group "apps.kruise.io"`);
    await waitFor("the other scope is live", () => allowed.lastStatus()?.state === "live");
    await createPod(cluster.kubeConfig(), ns, "still-flowing");
    await waitFor("changes still flow", () => allowed.has("still-flowing"));
  });

  it("an unreachable cluster is an error with reason Unreachable and does not disturb other clusters", async () => {
    const ns = await freshNamespace();
    const h = makeHub();
    const down = new Recorder();
    const up = new Recorder();
    h.subscribe({ cluster: "unreachable", resource: "pods", namespace: ns }, down.listener);
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, up.listener);
    const err = await waitFor("unreachable error", () =>
      down.lastStatus()?.state === "error" ? down.lastStatus()?.error : undefined,
    );
    expect(err).toMatchObject({ code: 502, reason: "Unreachable" });
    await waitFor("other cluster live", () => up.lastStatus()?.state === "live");
  });

  it("stops the upstream watch after the idle period once the last subscriber leaves, but not before", async () => {
    const ns = await freshNamespace();
    const h = makeHub({ idleStopMs: 300 });
    const a = new Recorder();
    const key = { cluster: "admin", resource: "pods" as const, namespace: ns };
    const unsubA = h.subscribe(key, a.listener);
    await waitFor("live", () => a.lastStatus()?.state === "live");
    unsubA();
    const b = new Recorder();
    const unsubB = h.subscribe(key, b.listener); // back within the idle period: same upstream watch
    expect(b.lastStatus()?.state).toBe("live");
    expect(proxy.watches(`/namespaces/${ns}/pods`)).toBe(1);
    unsubB();
    await waitFor("scope gone", () => h.stats().length === 0);
    await waitFor("upstream watch closed", () => proxy.openWatches(`/namespaces/${ns}/pods`) === 0);
  });

  it("caps objects per scope with a clear error instead of growing without bound", async () => {
    const ns = await freshNamespace();
    for (const n of ["a", "b", "c"]) await createPod(cluster.kubeConfig(), ns, n);
    const h = makeHub({ maxObjects: 2, pageSize: 1 });
    const r = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
    const err = await waitFor("cap error", () =>
      r.lastStatus()?.state === "error" ? r.lastStatus()?.error : undefined,
    );
    expect(err.reason).toBe("TooManyObjects");
    expect(err.message).toContain(`more than 2 pods in namespace "${ns}"`);
    expect(r.snapshots()).toBe(0);
  });

  it("drops managedFields from cached objects", async () => {
    const ns = await freshNamespace();
    await createPod(cluster.kubeConfig(), ns, "mf");
    const h = makeHub();
    const r = new Recorder();
    h.subscribe({ cluster: "admin", resource: "pods", namespace: ns }, r.listener);
    await waitFor("snapshot", () => r.has("mf"));
    expect(r.objects.get("mf")?.metadata.managedFields).toBeUndefined();
    expect(r.objects.get("mf")?.metadata.uid).toBeTruthy();
    // and a change frame carries the same trimmed form as the snapshot
    await waitFor("live", () => r.lastStatus()?.state === "live");
    await createPod(cluster.kubeConfig(), ns, "mf-later");
    await waitFor("change", () => r.has("mf-later"));
    expect(r.objects.get("mf-later")?.metadata.managedFields).toBeUndefined();
    expect(r.objects.get("mf-later")?.metadata.uid).toBeTruthy();
  });

  it("a cluster without the CloneSet CRD says so, and its pods scope still works", async () => {
    // Its own cluster, so removing the CRD cannot disturb the other cases.
    const bare =
      KIND === "sandbox"
        ? await startCluster("sandbox")
        : await startCluster("kube-apiserver", { withCloneSetCrd: false });
    const h = new InformerHub(() => new KubeClient(bare.kubeConfig("admin")), FAST);
    try {
      if (KIND === "sandbox") {
        await bare
          .kubeConfig()
          .makeApiClient(ApiextensionsV1Api)
          .deleteCustomResourceDefinition({ name: "clonesets.apps.kruise.io" });
      }
      const cs = new Recorder();
      const pods = new Recorder();
      h.subscribe({ cluster: "bare", resource: "clonesets", namespace: null }, cs.listener);
      h.subscribe({ cluster: "bare", resource: "pods", namespace: "shop" }, pods.listener);
      const err = await waitFor("404 explained", () =>
        cs.lastStatus()?.state === "error" ? cs.lastStatus()?.error : undefined,
      );
      expect(err.code).toBe(404);
      expect(err.message).toContain("is OpenKruise (the CloneSet CRD) installed?");
      await waitFor("pods live", () => pods.lastStatus()?.state === "live");
    } finally {
      h.close();
      await bare.stop();
    }
  });
});
