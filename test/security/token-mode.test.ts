import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CoreV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { readSse, ScriptedBrowser } from "./browser";
import { baseOf, KINDS, NS, STAMP, unique, useConsole } from "./harness";

// Token mode: sessions, acting as the signed-in user, and what never leaks.
describe.each(KINDS)("token mode (%s)", (kind) => {
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "token" });
  const seen: string[] = [];
  const tokens = () => [con.c.tokens.viewer, con.c.tokens.deployer];

  it("without a session, API routes answer 401 and the stream sends nothing", async () => {
    const anon = new ScriptedBrowser();
    for (const res of [
      await anon.clusters(),
      await anon.object("admin", NS, "pods", "x"),
      await anon.access("admin", NS, "x"),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 401,
        reason: "Unauthorized",
        message: expect.stringMatching(/sign in/),
      });
    }
    const stream = await anon.stream("admin", "r=clonesets&r=pods");
    expect(stream.status).toBe(401);
    expect(stream.headers.get("content-type")).toContain("application/json");
    expect(await stream.text()).not.toMatch(/event:|snapshot/);
    const write = await anon.rollout("admin", NS, "any", { action: "pause", base: { generation: 1 } });
    expect(write.status).toBe(401);
    expect(con.audit.at(-1)).toMatchObject({
      user: null,
      verb: "patch",
      object: { name: "any" },
      result: { code: 401 },
    });
  });

  it("a token the cluster does not accept makes no session", async () => {
    const b = new ScriptedBrowser();
    const res = await b.signIn("not-a-real-token");
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await res.json()).message).toMatch(/did not accept this token/);
  });

  it("repeated failed sign-ins with one token from one client are throttled before they reach the cluster", async () => {
    const guesser = new ScriptedBrowser({
      "x-kruise-console-stamp": STAMP,
      "x-kruise-console-peer": `192.0.2.${kind === "sandbox" ? 7 : 8}`,
    });
    for (let i = 0; i < 10; i++) expect((await guesser.signIn("guessed-token")).status).toBe(401);
    const res = await guesser.signIn("guessed-token");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/too many failed sign-ins from your address: try again in \d+ s/);
  });

  it("signing in sets a __Host- session cookie (Secure, HttpOnly, SameSite=Strict, Path=/, no Domain) and returns no token", async () => {
    const b = new ScriptedBrowser();
    const res = await b.signIn(con.c.tokens.viewer);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(
      /^__Host-kruise_console_session=[\w-]{40,}; Path=\/; Secure; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    const session = await (await b.session()).json();
    expect(session).toMatchObject({ mode: "token", signedIn: true, user: { name: "viewer" } });
    expect((await b.clusters()).status).toBe(200);
    seen.push(...b.received);
  });

  it("a viewer's controls are disabled ahead of time, and a forged write gets the cluster's 403, explained", async () => {
    const name = unique("viewer-forge");
    const cs = await con.createCloneSet(name);
    const b = new ScriptedBrowser();
    await b.signIn(con.c.tokens.viewer);
    expect(await (await b.access("admin", NS, name)).json()).toMatchObject({ allowed: false });
    const res = await b.rollout("admin", NS, name, { action: "partition", base: baseOf(cs), value: 1 });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.message).toMatch(/^you may not patch clonesets\.apps\.kruise\.io in shop \(Kubernetes: .*"viewer"/);
    expect(((await con.get(name)).spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(4);
    expect(con.audit.at(-1)).toMatchObject({
      user: "viewer",
      mode: "token",
      object: { resource: "clonesets.apps.kruise.io", namespace: NS, name },
      request: { intent: "partition", value: 1 },
      result: { code: 403, reason: "Forbidden" },
    });
    seen.push(...b.received);
  });

  it("a deployer's write is made as the deployer: managedFields, the Event and the audit line name them", async () => {
    const name = unique("deployer-write");
    const cs = await con.createCloneSet(name);
    const b = new ScriptedBrowser();
    await b.signIn(con.c.tokens.deployer);
    expect(await (await b.access("admin", NS, name)).json()).toMatchObject({ allowed: true });
    const res = await b.rollout("admin", NS, name, { action: "partition", base: baseOf(cs), value: 2 });
    expect(res.status).toBe(200);
    expect((await res.json()).request.path).toContain("fieldManager=kruise-console%2Fdeployer");
    const after = await con.get(name);
    const managers = (after.metadata.managedFields as { manager: string; operation: string }[]).map(
      (m) => `${m.manager}:${m.operation}`,
    );
    expect(managers).toContain("kruise-console/deployer:Update");
    const events = await con.c.kubeConfig().makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: NS });
    expect(events.items.filter((e) => e.involvedObject.name === name).map((e) => e.message)).toContain(
      "partition 4 → 2 by deployer",
    );
    expect(con.audit.at(-1)).toMatchObject({
      user: "deployer",
      verb: "patch",
      object: { name },
      request: { intent: "partition", value: 2 },
      result: { code: 200 },
    });
    const sse = await readSse(await b.stream("admin", `r=clonesets&ns=${NS}`), (t) => t.includes(name));
    expect(sse).toContain(name);
    seen.push(...b.received, sse);
  });

  it("signing out ends the session on the server and clears the cookie", async () => {
    const b = new ScriptedBrowser();
    await b.signIn(con.c.tokens.viewer);
    const stolen = b.cookie;
    const out = await b.signOut();
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-kruise_console_session=; .*Max-Age=0/);
    b.cookie = stolen; // even a copied cookie is dead now
    expect((await b.clusters()).status).toBe(401);
    seen.push(...b.received);
  });

  it("the tokens never appear in any answer, stream, audit line or log line", () => {
    expect(seen.length).toBeGreaterThan(10);
    const haystack = [...seen, ...con.logs, ...con.audit.map((a) => JSON.stringify(a))].join("\n");
    for (const t of tokens()) expect(haystack.includes(t), "token leaked").toBe(false);
  });
});
