import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeKubeconfigFile } from "../support/kubeconfig";
import { startCountingProxy, type CountingProxy } from "../integration/hub-proxy";
import { baseOf, KINDS, NS, unique, useConsole } from "./harness";
import { makeProxyPki, PROXY_CN, proxyFlags, type ProxyPki } from "../support/proxy-pki";
import { startConsoleServer, type CallOptions, type ConsoleServer } from "./proxy-server";

// Proxy mode: identity headers count only from an auth proxy proven by its TLS client certificate
// (a CA the operator names, an allowed CN); every action then goes out by impersonation, so the
// cluster's RBAC decides. The console reaches the cluster through a counting proxy, so "nothing was
// sent to the cluster" is observed.
describe.each(KINDS)("proxy mode (%s)", (kind) => {
  let upstream: CountingProxy;
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "proxy" }, async (c) => {
    upstream = await startCountingProxy(c.server, c.caData);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kc-proxy-")), "kubeconfig");
    writeKubeconfigFile(file, { server: upstream.url }, c.tokens);
    return file;
  });
  let pki: ProxyPki;
  let srv: ConsoleServer;
  beforeAll(async () => {
    pki = makeProxyPki();
    // --proxy-sidecar: the proxy's address condition is loopback, which this test's connections come from.
    srv = await startConsoleServer(pki, [...proxyFlags(pki), "--proxy-allowed-names", PROXY_CN, "--proxy-sidecar"]);
  });
  afterAll(async () => {
    await srv?.close();
    await upstream?.close();
    fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  /** each group is its own X-Remote-Group header, as a proxy sends several */
  const as = (user: string, groups?: string[]): Record<string, string | string[]> => ({
    "x-remote-user": user,
    ...(groups ? { "x-remote-group": groups } : {}),
  });
  /** What a page behind the proven proxy does: fetch the anti-CSRF token, then write with it. */
  const proxied = async (user: string, groups?: string[]) => {
    const o: CallOptions = { cert: pki.proxy, headers: as(user, groups) };
    const session = await srv.call("/api/auth/session", o);
    expect(session.status).toBe(200);
    return { ...o, headers: { ...o.headers, "x-csrf-token": String(session.body.csrf) } };
  };
  const rollout = (name: string, intent: unknown, o: CallOptions) =>
    srv.call(`/api/c/admin/ns/${NS}/clonesets/${name}/update`, { ...o, body: intent });
  const masters = as("admin", ["system:masters"]);

  it("without a client certificate the API answers 401, even from an allowed address, and the identity headers are ignored", async () => {
    const before = upstream.requests.length;
    for (const p of ["/api/clusters", "/api/auth/session", `/api/c/admin/ns/${NS}/clonesets/web/access?verb=patch`]) {
      const res = await srv.call(p, { headers: masters });
      expect(res.status, p).toBe(401);
      expect(res.body.message).toMatch(/identity headers ignored: no client certificate/);
    }
    const write = await rollout("web", { action: "pause", base: { generation: 1 } }, { headers: masters });
    expect(write.status).toBe(401);
    expect(upstream.requests.slice(before), "nothing was sent to the cluster").toEqual([]);
  });

  it("a client certificate from another CA is refused with 401", async () => {
    const res = await srv.call("/api/clusters", { cert: pki.foreign, headers: masters });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(
      /client certificate was not accepted \(.+\): it must be signed by the CA in --proxy-client-ca/,
    );
  });

  it("a certificate of the right CA but a CN outside --proxy-allowed-names is refused with 401", async () => {
    const res = await srv.call("/api/clusters", { cert: pki.otherName, headers: masters });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/CN "other-service" is not one of --proxy-allowed-names/);
  });

  it("through the proven proxy a write is made as the proxied user: the cluster's RBAC decides and managedFields name them", async () => {
    const name = unique("proxy-write");
    const cs = await con.createCloneSet(name);
    const viewer = await proxied("viewer");
    const access = await srv.call(`/api/c/admin/ns/${NS}/clonesets/${name}/access?verb=patch`, viewer);
    expect(access.body).toMatchObject({ allowed: false });
    const denied = await rollout(name, { action: "partition", base: baseOf(cs), value: 3 }, viewer);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(
      /^you may not patch clonesets\.apps\.kruise\.io in shop \(Kubernetes: .*"viewer"/,
    );

    const deployer = await proxied("deployer");
    const ok = await rollout(name, { action: "partition", base: baseOf(cs), value: 3 }, deployer);
    expect(ok.status).toBe(200);
    const got = await con.get(name);
    expect((got.spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(3);
    const managers = (got.metadata.managedFields as { manager: string }[]).map((m) => m.manager);
    expect(managers).toContain("kruise-console/deployer");
    expect(con.audit.at(-1)).toMatchObject({ user: "deployer", mode: "proxy", result: { code: 200 } });
  });

  it("a proxied user claiming system:masters (or a system: user name) gets 403 and nothing is sent to the cluster", async () => {
    const name = unique("proxy-masters");
    const cs = await con.createCloneSet(name);
    const before = upstream.requests.length;
    const o: CallOptions = { cert: pki.proxy, headers: as("mallory", ["release-managers", "system:masters"]) };
    const session = await srv.call("/api/auth/session", o);
    expect(session.status).toBe(403);
    expect(session.body.message).toMatch(/group "system:masters" is refused/);
    const access = await srv.call(`/api/c/admin/ns/${NS}/clonesets/${name}/access?verb=patch`, o);
    expect(access.status).toBe(403);
    const write = await rollout(name, { action: "pause", base: baseOf(cs) }, o);
    expect(write.status).toBe(403);
    expect(con.audit.at(-1)).toMatchObject({ user: null, result: { code: 403 } });
    const node = { cert: pki.proxy, headers: as("system:node:worker-1") };
    expect((await srv.call("/api/clusters", node)).status).toBe(403);
    expect(upstream.requests.slice(before), "nothing was sent to the cluster").toEqual([]);
    expect((await con.get(name)).spec).not.toHaveProperty("updateStrategy.paused", true);
  });

  it("each proxied identity has its own anti-CSRF token; another user's is refused", async () => {
    const name = unique("proxy-csrf");
    const cs = await con.createCloneSet(name);
    const deployer = await proxied("deployer");
    const other = await proxied("viewer");
    const res = await rollout(
      name,
      { action: "pause", base: baseOf(cs) },
      { ...deployer, headers: { ...deployer.headers, "x-csrf-token": other.headers!["x-csrf-token"] } },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/X-CSRF-Token/);
  });

  it("with --proxy-allow-masters and --proxy-refuse-groups, every proxied group reaches the cluster as its own Impersonate-Group", async () => {
    const name = unique("proxy-groups");
    const cs = await con.createCloneSet(name);
    const open = await startConsoleServer(pki, [
      ...proxyFlags(pki),
      "--proxy-allow-masters",
      "--proxy-refuse-groups",
      "contractors, temp-*",
    ]);
    try {
      const call = (groups: string[]) =>
        open.call("/api/auth/session", { cert: pki.proxy, headers: as("ghost", groups) });
      expect((await call(["temp-staff"])).status).toBe(403);
      expect((await call(["contractors"])).status).toBe(403);
      // "ghost" has no rights of its own; the second group grants them, so both groups must arrive separately.
      const session = await call(["release-managers", "system:masters"]);
      expect(session.status).toBe(200);
      const o: CallOptions = {
        cert: pki.proxy,
        headers: { ...as("ghost", ["release-managers", "system:masters"]), "x-csrf-token": String(session.body.csrf) },
      };
      const res = await open.call(`/api/c/admin/ns/${NS}/clonesets/${name}/update`, {
        ...o,
        body: { action: "pause", base: baseOf(cs) },
      });
      expect(res.status, res.body.message).toBe(200);
      expect(con.audit.at(-1)).toMatchObject({
        user: "ghost",
        groups: ["release-managers", "system:masters"],
        result: { code: 200 },
      });
    } finally {
      await open.close();
      delete process.env.KRUISE_CONSOLE_PROXY_ALLOW_MASTERS;
      delete process.env.KRUISE_CONSOLE_PROXY_REFUSE_GROUPS;
    }
  });
});
