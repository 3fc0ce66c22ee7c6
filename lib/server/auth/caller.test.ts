import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { assertCsrf, resolveCaller, SESSION_COOKIE } from "./caller";
import { buildRuntime, type Runtime } from "../runtime";
import { readConsoleConfig } from "./config";
import { csrfFor } from "./sessions";

const LIMITS = { ttlMs: 60_000, idleMs: 60_000, maxPerUser: 5 };

const saved = { ...process.env };
const STAMP = "stamp-secret";
beforeEach(() => {
  for (const k of Object.keys(process.env)) if (k.startsWith("KRUISE_CONSOLE_")) delete process.env[k];
  process.env.KRUISE_CONSOLE_STAMP = STAMP;
});
afterEach(() => {
  process.env = { ...saved };
  current = undefined;
});

// The process state each test's configuration builds, once the test has set its environment.
let current: Runtime | undefined;
const state = () => (current ??= buildRuntime(readConsoleConfig(process.env)));

const h = (o: Record<string, string>) => new Headers(o);
const code = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    if (e instanceof HttpError) return e.body.code;
    throw e;
  }
  return 200;
};
const stamped = (peer: string, more: Record<string, string> = {}) =>
  h({ host: "console.example", "x-kruise-console-stamp": STAMP, "x-kruise-console-peer": peer, ...more });

describe("local mode", () => {
  it("serves loopback hosts only (a rebinding DNS name or a LAN host is refused)", async () => {
    expect((await resolveCaller(state(), h({ host: "127.0.0.1:3000" }))).mode).toBe("local");
    expect((await resolveCaller(state(), h({ host: "localhost:3000" }))).mode).toBe("local");
    expect(await code(() => resolveCaller(state(), h({ host: "attacker.example:3000" })))).toBe(403);
    expect(await code(() => resolveCaller(state(), stamped("10.1.2.3", { host: "127.0.0.1:3000" })))).toBe(403);
  });
});

describe("token mode", () => {
  beforeEach(() => {
    process.env.KRUISE_CONSOLE_MODE = "token";
    // two contexts, so the session's cluster and another known one can both be asked about
    const dir = mkdtempSync(path.join(tmpdir(), "caller-test-"));
    const file = path.join(dir, "kubeconfig");
    const cluster = (name: string) => ({ name, cluster: { server: "https://127.0.0.1:1" } });
    const context = (name: string) => ({ name, context: { cluster: name, user: "u" } });
    const doc = {
      apiVersion: "v1",
      kind: "Config",
      clusters: [cluster("dev"), cluster("prod")],
      users: [{ name: "u", user: { token: "x" } }],
      contexts: [context("dev"), context("prod")],
      "current-context": "dev",
    };
    writeFileSync(file, JSON.stringify(doc));
    process.env.KRUISE_CONSOLE_KUBECONFIG = file;
  });
  it("needs a live session cookie", async () => {
    expect(await code(() => resolveCaller(state(), h({ host: "c.example" })))).toBe(401);
    expect(await code(() => resolveCaller(state(), h({ host: "c.example", cookie: `${SESSION_COOKIE}=forged` })))).toBe(
      401,
    );
    const { id } = await state().shared.sessions.signIn(
      undefined,
      "dev",
      { name: "alice", groups: ["dev"] },
      "tok",
      LIMITS,
    );
    const cookie = `theme=dark; ${SESSION_COOKIE}=${id}`;
    const c = await resolveCaller(state(), h({ host: "c.example", cookie }), undefined, { cluster: "dev" });
    expect(c.user).toEqual({ name: "alice", groups: ["dev"] });
    // the session is for "dev" only: another cluster is "sign in to", never read as alice
    expect(
      await code(() => resolveCaller(state(), h({ host: "c.example", cookie }), undefined, { cluster: "prod" })),
    ).toBe(401);
  });
  it("mutations must echo the session's anti-CSRF token", async () => {
    const { id } = await state().shared.sessions.signIn(undefined, "dev", { name: "alice", groups: [] }, "tok", LIMITS);
    const c = await resolveCaller(state(), h({ cookie: `${SESSION_COOKIE}=${id}` }), undefined, { cluster: "dev" });
    expect(await code(() => assertCsrf(h({}), c))).toBe(403);
    expect(await code(() => assertCsrf(h({ "x-csrf-token": "guess" }), c))).toBe(403);
    expect(await code(() => assertCsrf(h({ "x-csrf-token": csrfFor(id) }), c))).toBe(200);
  });
});

describe("proxy mode", () => {
  beforeEach(() => {
    process.env.KRUISE_CONSOLE_MODE = "proxy";
  });
  const viaProxy = (more: Record<string, string>) =>
    stamped("10.0.0.5", { "x-kruise-console-proxy": "auth-proxy", ...more });
  /** what scripts/serve stamps for a verified proxy's X-Remote-User and each X-Remote-Group value */
  const as = (user: string, ...groups: string[]) => ({
    "x-kruise-console-user": encodeURIComponent(user),
    "x-kruise-console-groups": groups.map(encodeURIComponent).join(","),
  });
  const id = as("alice", "dev", "ops");

  it("trusts identity headers only on a connection our server stamped as the proven proxy", async () => {
    expect((await resolveCaller(state(), viaProxy(id))).user).toEqual({ name: "alice", groups: ["dev", "ops"] });
    // one header value is one group, commas and all (an LDAP DN), as kube-apiserver reads X-Remote-Group
    const dn = "cn=team-a,ou=groups,dc=example";
    expect((await resolveCaller(state(), viaProxy(as("alice", dn)))).user.groups).toEqual([dn]);
    // Our server's stamp without the proxy proof: the reason it gave is said, the headers ignored.
    const refused = "no%20client%20certificate";
    const err = await (async () => {
      try {
        await resolveCaller(state(), stamped("10.0.0.5", { "x-kruise-console-proxy-refused": refused, ...id }));
      } catch (e) {
        return e as HttpError;
      }
    })();
    expect(err?.body).toMatchObject({
      code: 401,
      message: expect.stringMatching(/identity headers ignored: no client certificate/),
    });
    expect(await code(() => resolveCaller(state(), stamped("10.0.0.5", id)))).toBe(401);
    // A forged proof: the stamp is our server's secret, which a client cannot know.
    const forged = { "x-kruise-console-proxy": "auth-proxy", "x-kruise-console-peer": "10.0.0.5", ...id };
    expect(
      await code(() => resolveCaller(state(), h({ host: "c", "x-kruise-console-stamp": "guessed", ...forged }))),
    ).toBe(401);
    expect(await code(() => resolveCaller(state(), h({ host: "c", ...forged })))).toBe(401);
    expect(await code(() => resolveCaller(state(), viaProxy({})))).toBe(401);
  });

  it("refuses system:masters, the operator's groups and system: user names with 403", async () => {
    expect(await code(() => resolveCaller(state(), viaProxy(as("bob", "dev", "system:masters"))))).toBe(403);
    expect(await code(() => resolveCaller(state(), viaProxy(as("system:kube-controller-manager"))))).toBe(403);
    process.env.KRUISE_CONSOLE_PROXY_REFUSE_GROUPS = "cluster-admins, ops-*";
    current = undefined; // configuration is read once per runtime: a new one for the new settings
    expect(await code(() => resolveCaller(state(), viaProxy(as("bob", "ops-oncall"))))).toBe(403);
    expect(await code(() => resolveCaller(state(), viaProxy(as("bob", "cluster-admins"))))).toBe(403);
    expect(await code(() => resolveCaller(state(), viaProxy(as("bob", "ops"))))).toBe(200);
    process.env.KRUISE_CONSOLE_PROXY_ALLOW_MASTERS = "1";
    current = undefined;
    const masters = await resolveCaller(state(), viaProxy(as("bob", "system:masters")));
    expect(masters.user.groups).toEqual(["system:masters"]);
  });

  it("gives each identity its own anti-CSRF token", async () => {
    const a = await resolveCaller(state(), viaProxy(as("alice")));
    const b = await resolveCaller(state(), viaProxy(as("bob")));
    expect(a.csrf).not.toBe(b.csrf);
    expect((await resolveCaller(state(), viaProxy(as("alice")))).csrf).toBe(a.csrf);
  });
});
