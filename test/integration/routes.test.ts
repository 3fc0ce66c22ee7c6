import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getClusterList } from "@/lib/server/auth";
import { getObject, getStream } from "@/lib/server/routes";
import { startCluster, type TestCluster } from "../support/clusters";
import { requestWith } from "../support/request";
import { createPod, waitFor } from "./hub-helpers";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

const KIND = process.env.HUB_TEST_CLUSTER === "kube-apiserver" ? "kube-apiserver" : "sandbox";
let cluster: TestCluster;

/** Reads SSE messages from a route's streaming Response, as EventSource would. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let buf = "";
  let comments = 0;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const lines = block.split("\n");
        const ev = lines.find((l) => l.startsWith("event: "))?.slice(7);
        const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
        if (ev && data) events.push({ event: ev, data: JSON.parse(data) });
        else comments++;
      }
    }
  })();
  return { events, comments: () => comments, cancel: () => reader.cancel() };
}

beforeAll(async () => {
  cluster = await startCluster(KIND);
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined); // the first request builds it from this environment
  await createPod(cluster.kubeConfig(), "shop", "routes-pod");
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

const req = (path: string, signal?: AbortSignal) => requestWith(`http://127.0.0.1:3000${path}`, { signal });

describe(`dashboard API routes against ${KIND}`, () => {
  it("GET /api/clusters lists every kubeconfig context as a cluster", async () => {
    const res = await getClusterList(runtime(), req("/api/clusters"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.clusters.map((c: { name: string }) => c.name).sort()).toEqual([
      "admin",
      "deployer",
      "nobody",
      "payments-reader",
      "shop-reader",
      "viewer",
    ]);
    const admin = body.clusters.find((c: { name: string }) => c.name === "admin");
    expect(admin).toEqual({ name: "admin", server: expect.stringMatching(/^https?:\/\/[\w.:[\]-]+$/), current: true });
    expect(new URL(admin.server).port).toBe(new URL(cluster.server).port);
    expect(body.clusters.filter((c: { current: boolean }) => c.current)).toHaveLength(1);
  });

  it.each([
    ["an unknown resource", "/api/c/admin/stream?r=secrets", "resource"],
    ["no resource at all", "/api/c/admin/stream", "r"],
    ["a namespace that is not DNS-1123", "/api/c/admin/stream?r=pods&ns=Bad_NS", "namespace"],
    ["an unknown cluster", "/api/c/elsewhere/stream?r=pods", "cluster"],
  ])("the stream answers %s with a typed 400 before streaming", async (_what, path, field) => {
    const cl = path.split("/")[3];
    const res = await getStream(runtime(), req(path), cl);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ code: 400, reason: "BadRequest", details: { field } });
  });

  it("streams status, snapshot, then live changes, and lets go of the hub when the browser leaves", async () => {
    const ctl = new AbortController();
    const res = await getStream(runtime(), req("/api/c/admin/stream?r=pods&r=clonesets&ns=shop", ctl.signal), "admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const sse = sseReader(res);
    await waitFor("pods snapshot", () => sse.events.find((e) => e.event === "snapshot" && e.data.resource === "pods"));
    await waitFor("both live", () =>
      ["pods", "clonesets"].every((r) =>
        sse.events.some((e) => e.event === "status" && e.data.resource === r && e.data.state === "live"),
      ),
    );
    const snap = sse.events.find((e) => e.event === "snapshot" && e.data.resource === "pods")!;
    expect(snap.data.namespace).toBe("shop");
    expect(snap.data.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toContain("routes-pod");
    expect(sse.events[0]).toMatchObject({ event: "status", data: { state: "connecting" } });

    await createPod(cluster.kubeConfig(), "shop", "routes-live");
    const change = await waitFor("change event", () =>
      sse.events.find((e) => e.event === "change" && e.data.object.metadata.name === "routes-live"),
    );
    expect(change.data).toMatchObject({ resource: "pods", namespace: "shop", type: "ADDED" });

    ctl.abort();
    await waitFor("hub unsubscribed", () =>
      runtime()
        .hub.stats()
        .every((s) => s.subscribers === 0),
    );
  });

  it("a forbidden user gets a 200 stream whose status says which permission is missing", async () => {
    const ctl = new AbortController();
    const sse = sseReader(
      await getStream(runtime(), req("/api/c/nobody/stream?r=clonesets&ns=shop", ctl.signal), "nobody"),
    );
    const st = await waitFor("error status", () =>
      sse.events.find((e) => e.event === "status" && e.data.state === "error"),
    );
    expect(st.data.error).toMatchObject({ code: 403, reason: "Forbidden" });
    expect(st.data.error.message).toContain('User "nobody" cannot list resource "clonesets"');
    ctl.abort();
  });

  it("GET one object returns it without managedFields", async () => {
    const res = await getObject(runtime(), req("/x"), "admin", "shop", "pods", "routes-pod");
    expect(res.status).toBe(200);
    const pod = await res.json();
    expect(pod).toMatchObject({ kind: "Pod", metadata: { name: "routes-pod", namespace: "shop" } });
    expect(pod.metadata.managedFields).toBeUndefined();
    expect(pod.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("a missing object is the API server's typed 404", async () => {
    const res = await getObject(runtime(), req("/x"), "admin", "shop", "clonesets", "nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 404,
      reason: "NotFound",
      message: 'clonesets.apps.kruise.io "nope" not found',
    });
  });

  it("a forbidden read is a 403 with the Kubernetes message", async () => {
    const res = await getObject(runtime(), req("/x"), "nobody", "shop", "pods", "routes-pod");
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.reason).toBe("Forbidden");
    expect(body.message).toContain('User "nobody" cannot get resource "pods"');
  });

  it.each([
    ["events", "x", "resource"],
    ["secrets", "x", "resource"],
    ["pods", "Bad_Name", "name"],
    ["pods", "..", "name"],
  ])("GET refuses resource %j / name %j with 400 (no generic proxy)", async (resource, name, field) => {
    const res = await getObject(runtime(), req("/x"), "admin", "shop", resource, name);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, details: { field } });
  });

  it("a read-only user (viewer) can read objects", async () => {
    expect((await getObject(runtime(), req("/x"), "viewer", "shop", "pods", "routes-pod")).status).toBe(200);
  });
});
