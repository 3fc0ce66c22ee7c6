import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSignIn, postSignOut } from "@/lib/server/auth";
import { getStream } from "@/lib/server/routes";
import { startCluster, type ClusterKind, type TestCluster, type TestUser } from "../support/clusters";
import { requestWith } from "../support/request";
import { createPod, waitFor } from "./hub-helpers";
import { api } from "@/lib/urls";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

// The same scenarios run against the real kube-apiserver when one is available (npm test builds it).
const KINDS: ClusterKind[] = process.env.KUBE_APISERVER_BIN ? ["sandbox", "kube-apiserver"] : ["sandbox"];
const ORIGIN = "http://127.0.0.1:3000";
const MAX_STREAMS = 3;
const id = Math.random().toString(36).slice(2, 7);

/** A browser's raw view of one SSE response: every byte as text, plus the parsed events. */
function rawStream(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const s = { raw: "", ended: false, events: [] as { event: string; data: any }[], cancel: () => reader.cancel() }; // eslint-disable-line @typescript-eslint/no-explicit-any
  let buf = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return void (s.ended = true);
      const text = decoder.decode(value, { stream: true });
      s.raw += text;
      buf += text;
      for (let i; (i = buf.indexOf("\n\n")) >= 0; buf = buf.slice(i + 2)) {
        const lines = buf.slice(0, i).split("\n");
        const ev = lines.find((l) => l.startsWith("event: "))?.slice(7);
        const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
        if (ev && data) s.events.push({ event: ev, data: JSON.parse(data) });
      }
    }
  })();
  return s;
}
type Raw = ReturnType<typeof rawStream>;

const names = (s: Raw, resource = "pods") => {
  const snap = [...s.events].reverse().find((e) => e.event === "snapshot" && e.data.resource === resource);
  const changed = s.events
    .filter((e) => e.event === "change" && e.data.resource === resource)
    .map((e) => e.data.object.metadata.name);
  return [
    ...(snap?.data.items ?? []).map((o: { metadata: { name: string } }) => o.metadata.name),
    ...changed,
  ] as string[];
};

describe.each(KINDS)("per-user streams over the shared hub against %s (token mode)", (kind) => {
  let cluster: TestCluster;
  const saved = { ...process.env };
  const open: Raw[] = [];

  async function signIn(user: TestUser): Promise<string> {
    const res = await postSignIn(
      runtime(),
      new Request(`${ORIGIN}${api.signIn()}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ token: cluster.tokens[user] }),
      }),
    );
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0];
  }

  function stream(cookie: string | undefined, query: string, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    return getStream(
      runtime(),
      requestWith(`${ORIGIN}${api.stream("admin", [])}?${query}`, { headers, signal }),
      "admin",
    );
  }

  async function openStream(cookie: string, query: string): Promise<Raw> {
    const res = await stream(cookie, query);
    expect(res.status).toBe(200);
    const s = rawStream(res);
    open.push(s);
    return s;
  }

  const scope = (resource: string, namespace: string | null) =>
    runtime()
      .hub.stats()
      .filter((s) => s.cluster === "admin" && s.resource === resource && s.namespace === namespace);

  beforeAll(async () => {
    cluster = await startCluster(kind);
    Object.assign(process.env, {
      KRUISE_CONSOLE_KUBECONFIG: cluster.kubeconfigPath,
      KRUISE_CONSOLE_MODE: "token",
      KRUISE_CONSOLE_MAX_STREAMS: String(MAX_STREAMS),
      KRUISE_CONSOLE_ACCESS_CACHE_SECONDS: "0.5",
    });
    await replaceRuntime(undefined); // the first request builds it from this environment
    await createPod(cluster.kubeConfig(), "shop", `shop-early-${id}`);
    await createPod(cluster.kubeConfig(), "payments", `pay-early-${id}`);
  });
  afterAll(async () => {
    for (const s of open) await s.cancel().catch(() => undefined);
    await replaceRuntime(undefined);
    process.env = { ...saved };
    await cluster?.stop();
  });

  it("two users with different namespaces share ONE upstream watch, and each stream carries only what its user may list", async () => {
    const shop = await openStream(await signIn("shop-reader"), "r=pods&r=events");
    const pay = await openStream(await signIn("payments-reader"), "r=pods&r=events");
    const all = await openStream(await signIn("viewer"), "r=pods");
    await waitFor(
      "snapshots",
      () =>
        names(shop).includes(`shop-early-${id}`) &&
        names(pay).includes(`pay-early-${id}`) &&
        names(all).includes(`shop-early-${id}`) &&
        names(all).includes(`pay-early-${id}`),
    );

    // Each stream is ordered: once a user sees the pod created after the other namespace's, that one was already filtered.
    await createPod(cluster.kubeConfig(), "payments", `pay-a-${id}`);
    await createPod(cluster.kubeConfig(), "shop", `shop-b-${id}`);
    await createPod(cluster.kubeConfig(), "payments", `pay-c-${id}`);
    await waitFor("shop-reader sees its new pod", () => names(shop).includes(`shop-b-${id}`));
    await waitFor("payments-reader sees its new pod", () => names(pay).includes(`pay-c-${id}`));
    await waitFor(
      "viewer (cluster-wide) sees both",
      () => names(all).includes(`pay-c-${id}`) && names(all).includes(`shop-b-${id}`),
    );

    for (const leaked of [`pay-early-${id}`, `pay-a-${id}`, `pay-c-${id}`, '"namespace":"payments"'])
      expect(shop.raw).not.toContain(leaked);
    for (const leaked of [`shop-early-${id}`, `shop-b-${id}`, '"namespace":"shop"'])
      expect(pay.raw).not.toContain(leaked);
    expect(scope("pods", null)).toEqual([expect.objectContaining({ lists: 1, subscribers: 3 })]);
    expect(scope("events", null)).toEqual([expect.objectContaining({ lists: 1, subscribers: 2 })]);
  });

  it("a namespaced stream the user may not list is one 403 status and nothing else (no upstream watch for it)", async () => {
    const s = await openStream(await signIn("shop-reader"), "r=pods&ns=payments");
    await waitFor("403 status", () => s.events.length > 0);
    expect(s.events).toEqual([
      {
        event: "status",
        data: {
          resource: "pods",
          namespace: "payments",
          state: "error",
          error: { code: 403, reason: "Forbidden", message: "you may not list pods in namespace payments" },
        },
      },
    ]);
    expect(scope("pods", "payments").every((sc) => sc.subscribers === 0)).toBe(true);
    expect(s.raw).not.toContain(`pay-early-${id}`);
    const own = await openStream(await signIn("shop-reader"), "r=pods&ns=shop");
    await waitFor("its own namespace streams", () => names(own).includes(`shop-early-${id}`));
  });

  it("a stream without a session answers 401 and sends nothing", async () => {
    const before = runtime()
      .hub.stats()
      .reduce((n, s) => n + s.subscribers, 0);
    const res = await stream(undefined, "r=pods");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ code: 401, reason: "Unauthorized" });
    expect(
      runtime()
        .hub.stats()
        .reduce((n, s) => n + s.subscribers, 0),
    ).toBe(before);
  });

  it(`caps open streams per session at ${MAX_STREAMS} (429), frees a slot when one closes, and leaves other sessions alone`, async () => {
    const cookie = await signIn("viewer");
    const ctls = Array.from({ length: MAX_STREAMS }, () => new AbortController());
    for (const c of ctls) expect((await stream(cookie, "r=pods&ns=shop", c.signal)).status).toBe(200);
    const refused = await stream(cookie, "r=pods&ns=shop");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: 429,
      reason: "TooManyRequests",
      message: `too many open streams for this session (${MAX_STREAMS}): close other tabs`,
    });
    const other = new AbortController();
    expect((await stream(await signIn("viewer"), "r=pods&ns=shop", other.signal)).status).toBe(200);
    ctls[0].abort();
    const again = new AbortController();
    expect((await stream(cookie, "r=pods&ns=shop", again.signal)).status).toBe(200);
    for (const c of [...ctls, other, again]) c.abort();
  });

  it("signing out ends the session's open streams at the next re-check (the browser's reconnect then gets a 401)", async () => {
    const cookie = await signIn("shop-reader");
    const s = await openStream(cookie, "r=pods");
    await waitFor("snapshot", () => names(s).includes(`shop-early-${id}`));
    const out = await postSignOut(
      runtime(),
      new Request(`${ORIGIN}${api.signOut()}`, { method: "POST", headers: { origin: ORIGIN, cookie } }),
    );
    expect(out.status).toBe(200);
    await waitFor("stream ended", () => s.ended);
    expect((await stream(cookie, "r=pods")).status).toBe(401);
  });

  it.skipIf(kind === "sandbox")(
    "a revoked RoleBinding takes effect within the access-cache time: the user's objects disappear",
    async () => {
      const cookie = await signIn("shop-reader");
      const all = await openStream(cookie, "r=pods");
      const ns = await openStream(cookie, "r=pods&ns=shop");
      await waitFor(
        "both show the shop pod",
        () => names(all).includes(`shop-early-${id}`) && names(ns).includes(`shop-early-${id}`),
      );
      await cluster
        .kubeConfig()
        .makeApiClient(RbacAuthorizationV1Api)
        .deleteNamespacedRoleBinding({ name: "kruise-console-test:shop-reader", namespace: "shop" });
      const emptied = (s: Raw) => {
        const last = [...s.events].reverse().find((e) => e.event === "snapshot");
        return last && last.data.items.length === 0;
      };
      await waitFor("fresh empty snapshots", () => emptied(all) && emptied(ns));
      await waitFor("the namespaced stream says why", () =>
        ns.events.some((e) => e.event === "status" && e.data.error?.code === 403),
      );
    },
  );
});
