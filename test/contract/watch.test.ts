/**
 * Contract: watch streams (docs/kruise-rules.md §11.3; apiserver pkg/storage/cacher, pkg/endpoints/handlers/watch.go):
 * event types, resume from a resourceVersion, synthetic ADDED from "0", selectors, and the 410 for a
 * too-old resourceVersion delivered as HTTP 200 + one ERROR event.
 */
import { describe, expect, it } from "vitest";
import { KINDS, useCluster } from "./lib/harness";
import { cloneSet, clonesets, core, pod, FIELD_MANAGER } from "./lib/fixtures";
import { raw, watch, type WatchEvent } from "./lib/raw";

const named = (name: string, type?: string) => (e: WatchEvent) =>
  (e.object.metadata as { name?: string } | undefined)?.name === name && (!type || e.type === type);

describe.each(KINDS)("watch (%s)", (kind) => {
  // The sandbox keeps a short history here so that RV "1" is outside its window, as it is on kube-apiserver.
  const h = useCluster(kind, { ns: "watch", watchHistory: 30 });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);
  const path = (q: string) => `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets?watch=1&${q}`;

  it("streams ADDED, MODIFIED and DELETED (with the last state) after the given resourceVersion", async () => {
    const list = (await cs().api.listNamespacedCustomObject({ ...cs().base })) as {
      metadata: { resourceVersion: string };
    };
    const w = await watch(h.c, path(`resourceVersion=${list.metadata.resourceVersion}`));
    try {
      expect(w.status).toBe(200);
      await cs().create(cloneSet("w1"));
      await cs().patch("w1", "merge", { spec: { replicas: 5 } });
      await cs().delete("w1");
      const added = await w.next(named("w1"));
      expect(added.type).toBe("ADDED");
      const modified = await w.next(named("w1"));
      expect(modified.type).toBe("MODIFIED");
      expect((modified.object.spec as { replicas: number }).replicas).toBe(5);
      const deleted = await w.next(named("w1"));
      expect(deleted.type).toBe("DELETED");
      expect((deleted.object.spec as { replicas: number }).replicas).toBe(5);
      expect(deleted.object).toMatchObject({ kind: "CloneSet", apiVersion: "apps.kruise.io/v1alpha1" });
    } finally {
      w.close();
    }
  });

  it("resuming from a resourceVersion replays only later changes, no synthetic ADDED", async () => {
    const a = await cs().create(cloneSet("w2"));
    const b = await cs().patch("w2", "merge", { spec: { replicas: 3 } });
    await cs().patch("w2", "merge", { spec: { replicas: 4 } });
    const w = await watch(h.c, path(`resourceVersion=${b.metadata.resourceVersion}`));
    try {
      const e = await w.next(named("w2"));
      expect(e.type).toBe("MODIFIED");
      expect((e.object.spec as { replicas: number }).replicas).toBe(4);
      expect(e.object.metadata?.uid).toBe(a.metadata.uid);
    } finally {
      w.close();
    }
  });

  it('resourceVersion "0" (or unset) starts with a synthetic ADDED for every existing object', async () => {
    await cs().create(cloneSet("w3"));
    for (const q of ["resourceVersion=0", ""]) {
      const w = await watch(h.c, path(q));
      try {
        const e = await w.next(named("w3"));
        expect(e.type).toBe("ADDED");
      } finally {
        w.close();
      }
    }
  });

  it("a label selector filters events", async () => {
    const list = (await cs().api.listNamespacedCustomObject({ ...cs().base })) as {
      metadata: { resourceVersion: string };
    };
    const w = await watch(
      h.c,
      path(`resourceVersion=${list.metadata.resourceVersion}&labelSelector=${encodeURIComponent("team=blue")}`),
    );
    try {
      await cs().create(cloneSet("w-red", { labels: { team: "red" } }));
      await cs().create(cloneSet("w-blue", { labels: { team: "blue" } }));
      const e = await w.next((x) => x.type !== "BOOKMARK");
      expect(e.object.metadata?.name).toBe("w-blue");
    } finally {
      w.close();
    }
  });

  it("an object modified out of a label selector is delivered as DELETED", async () => {
    await cs().create(cloneSet("w-leave", { labels: { team: "gold" } }));
    const list = (await cs().api.listNamespacedCustomObject({ ...cs().base })) as {
      metadata: { resourceVersion: string };
    };
    const w = await watch(
      h.c,
      path(`resourceVersion=${list.metadata.resourceVersion}&labelSelector=${encodeURIComponent("team=gold")}`),
    );
    try {
      await cs().patch("w-leave", "merge", { metadata: { labels: { team: "silver" } } });
      const e = await w.next((x) => x.type !== "BOOKMARK");
      expect(e.type).toBe("DELETED");
      expect(e.object.metadata?.name).toBe("w-leave");
    } finally {
      w.close();
    }
  });

  it("a pod bound to a node enters a spec.nodeName watch as ADDED (how a kubelet sees new pods)", async () => {
    const api = core(h.c.kubeConfig());
    const created = await api.createNamespacedPod({ namespace: h.ns, fieldManager: FIELD_MANAGER, body: pod("w-pod") });
    const w = await watch(
      h.c,
      `/api/v1/namespaces/${h.ns}/pods?watch=1&resourceVersion=${created.metadata?.resourceVersion}` +
        `&fieldSelector=${encodeURIComponent("spec.nodeName=node-w")}`,
    );
    try {
      const bind = await raw(h.c, {
        method: "POST",
        path: `/api/v1/namespaces/${h.ns}/pods/w-pod/binding`,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          apiVersion: "v1",
          kind: "Binding",
          metadata: { name: "w-pod" },
          target: { kind: "Node", name: "node-w" },
        }),
      });
      expect(bind.status).toBe(201);
      const e = await w.next((x) => x.type !== "BOOKMARK");
      expect(e.type).toBe("ADDED");
      expect((e.object.spec as { nodeName: string }).nodeName).toBe("node-w");
    } finally {
      w.close();
    }
  });

  it("a field selector on metadata.name filters events", async () => {
    const list = (await cs().api.listNamespacedCustomObject({ ...cs().base })) as {
      metadata: { resourceVersion: string };
    };
    const w = await watch(
      h.c,
      path(
        `resourceVersion=${list.metadata.resourceVersion}&fieldSelector=${encodeURIComponent("metadata.name=w-f2")}`,
      ),
    );
    try {
      await cs().create(cloneSet("w-f1"));
      await cs().create(cloneSet("w-f2"));
      const e = await w.next((x) => x.type !== "BOOKMARK");
      expect(e.object.metadata?.name).toBe("w-f2");
    } finally {
      w.close();
    }
  });

  it("allowWatchBookmarks is accepted; any BOOKMARK carries only kind, apiVersion and resourceVersion", async () => {
    const w = await watch(h.c, path("resourceVersion=0&allowWatchBookmarks=true"));
    try {
      expect(w.status).toBe(200);
      await cs().create(cloneSet("w-bm"));
      await w.next(named("w-bm"));
      for (const e of w.events.filter((x) => x.type === "BOOKMARK")) {
        expect(e.object).toMatchObject({ kind: "CloneSet", apiVersion: "apps.kruise.io/v1alpha1" });
        expect(Object.keys(e.object.metadata ?? {})).toEqual(["resourceVersion"]);
      }
    } finally {
      w.close();
    }
  });

  it("timeoutSeconds ends the stream cleanly", async () => {
    const w = await watch(h.c, path("resourceVersion=0&timeoutSeconds=1"));
    await w.ended;
    expect(w.status).toBe(200);
  });

  it("a too-old resourceVersion gets HTTP 200 then one ERROR 410 Expired event, then the stream ends", async () => {
    // Enough writes to push RV 1 out of the sandbox's 30-event window; the real watch cache
    // for clonesets starts at the CRD's install, long after RV 1.
    await cs().create(cloneSet("w-old"));
    for (let i = 0; i < 35; i++) await cs().patch("w-old", "merge", { metadata: { annotations: { n: String(i) } } });
    const w = await watch(h.c, path("resourceVersion=1"));
    await w.ended;
    expect(w.status).toBe(200);
    expect(w.events).toHaveLength(1);
    const [e] = w.events;
    expect(e.type).toBe("ERROR");
    expect(e.object).toMatchObject({
      kind: "Status",
      apiVersion: "v1",
      status: "Failure",
      reason: "Expired",
      code: 410,
    });
    expect(String(e.object.message)).toMatch(/^too old resource version: 1 \(\d+\)$/);
  });
});
