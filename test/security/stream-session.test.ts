import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CoreV1Api, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { readSse, ScriptedBrowser, streamEnds } from "./browser";
import { KINDS, NS, unique, useConsole } from "./harness";
import { runtime } from "@/lib/server/runtime";

// Streams re-check the session, not only the access cache: a token the cluster no longer accepts, or a
// session idle past the idle timeout (an open stream is not use), ends the stream; a reconnect is 401.
const ACCESS_CACHE_S = "1"; // re-check every 0.5 s
const IDLE_MIN = "0.1"; // 6 s

describe.each(KINDS)("live streams and the session behind them (%s)", (kind) => {
  const con = useConsole(kind, {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_ACCESS_CACHE_SECONDS: ACCESS_CACHE_S,
    KRUISE_CONSOLE_SESSION_IDLE_MINUTES: IDLE_MIN,
  });

  // The two waits below overlap (`it.concurrent`): each signs in its own browser, and both only wait on the clock.
  it.concurrent(
    "a stream held open without use ends at the idle timeout, and its reconnect is told to sign in",
    async ({ expect }) => {
      const b = new ScriptedBrowser();
      await b.signIn(con.c.tokens.viewer);
      const res = await b.stream("admin", `r=pods&ns=${NS}`);
      expect(res.status).toBe(200);
      expect(await streamEnds(res, 30_000)).toBe(true);
      const again = await b.stream("admin", `r=pods&ns=${NS}`);
      expect(again.status).toBe(401);
    },
  );

  it.concurrent(
    "while the page sends its heartbeat (visible and interacted with) the stream stays open past the idle timeout",
    async ({ expect }) => {
      const b = new ScriptedBrowser();
      await b.signIn(con.c.tokens.viewer);
      const res = await b.stream("admin", `r=pods&ns=${NS}`);
      const beat = setInterval(() => void b.activity(), 1000);
      try {
        expect(await streamEnds(res, 12_000)).toBe(false); // two idle timeouts
      } finally {
        clearInterval(beat);
      }
      expect((await b.activity()).status).toBe(200);
    },
  );

  it("a heartbeat without a session is 401, and a cross-site one is refused", async () => {
    const b = new ScriptedBrowser();
    expect((await b.activity()).status).toBe(401);
    await b.signIn(con.c.tokens.viewer);
    const req = b.request("/api/auth/activity", { origin: "https://evil.example" }, "{}");
    const { postActivity } = await import("@/lib/server/auth");
    expect((await postActivity(runtime(), req)).status).toBe(403);
  });
});

// Only kube-apiserver can revoke a token while it runs: a ServiceAccount token (TokenRequest) dies with
// its ServiceAccount. The stream must notice at its next re-check, not at the session's end.
describe("a revoked token ends its streams (kube-apiserver)", () => {
  const con = useConsole("kube-apiserver", {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_ACCESS_CACHE_SECONDS: ACCESS_CACHE_S,
  });

  it("deleting the ServiceAccount ends the open stream within the access-cache time; the reconnect is 401", async () => {
    const admin = con.c.kubeConfig();
    const core = admin.makeApiClient(CoreV1Api);
    const sa = unique("ci-bot");
    await core.createNamespacedServiceAccount({ namespace: NS, body: { metadata: { name: sa } } });
    const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
    await rbac.createNamespacedRole({
      namespace: NS,
      body: {
        metadata: { name: sa },
        rules: [{ apiGroups: [""], resources: ["pods"], verbs: ["get", "list", "watch"] }],
      },
    });
    await rbac.createNamespacedRoleBinding({
      namespace: NS,
      body: {
        metadata: { name: sa },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: sa },
        subjects: [{ kind: "ServiceAccount", name: sa, namespace: NS }],
      },
    });
    const tr = await core.createNamespacedServiceAccountToken({
      namespace: NS,
      name: sa,
      body: { spec: { audiences: [], expirationSeconds: 3600 } },
    });
    const b = new ScriptedBrowser();
    expect((await b.signIn(tr.status!.token)).status).toBe(200);
    const res = await b.stream("admin", `r=pods&ns=${NS}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = "";
    while (!text.includes("event: snapshot")) {
      const next = await reader.read();
      if (next.done) throw new Error(`stream ended before its snapshot: ${text}`);
      text += dec.decode(next.value, { stream: true });
    }
    await core.deleteNamespacedServiceAccount({ namespace: NS, name: sa });
    const ended = new Promise<boolean>((resolve) => {
      const pump = (): unknown =>
        reader.read().then(
          (n) => (n.done ? resolve(true) : pump()),
          () => resolve(true),
        );
      pump();
      setTimeout(() => resolve(false), 30_000);
    });
    expect(await ended).toBe(true);
    const after = await b.stream("admin", `r=pods&ns=${NS}`);
    expect(after.status).toBe(401);
    expect((await after.json()).message).toMatch(/^sign in to "admin"/);
    expect(await readSse(await b.stream("admin", "r=pods"), () => false, 10)).not.toContain("event:");
  });
});
