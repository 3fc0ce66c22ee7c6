import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { makeProxyPki, PROXY_CN, proxyFlags, type ProxyPki } from "../support/proxy-pki";
import { ScriptedBrowser } from "./browser";
import { startConsoleServer, type ConsoleServer } from "./proxy-server";
import { DEV, PROD, useTwoClusterConsole } from "./two-clusters";

// What the cluster list tells whom, over `dev` (sandbox) and `prod` (kube-apiserver). No shared-mode caller
// learns where an API server is; a session for dev learns prod's name (to sign in there) and nothing more of it;
// someone with no session learns nothing, and a sign-in to an unknown cluster is told just that.
describe("the cluster list in the shared modes", () => {
  const t = useTwoClusterConsole();
  const addresses = () => [t.dev, t.prod].flatMap((c) => [c.server, new URL(c.server).host]);
  let pki: ProxyPki | undefined;
  let proxy: ConsoleServer | undefined;
  afterAll(async () => {
    await proxy?.close();
    if (pki) fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  it("a session for dev alone: prod by name only, no API server address of either cluster", async () => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(t.dev.tokens.viewer, DEV)).status).toBe(200);
    const res = await b.clusters();
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text).clusters).toEqual([
      { name: DEV, current: true },
      { name: PROD, current: false },
    ]);
    for (const a of addresses()) expect(text).not.toContain(a);
  });

  it("without a session: 401, naming no cluster and no address", async () => {
    const res = await new ScriptedBrowser().clusters();
    const text = await res.text();
    expect(res.status).toBe(401);
    for (const s of [`"${DEV}"`, `"${PROD}"`, ...addresses()]) expect(text).not.toContain(s);
  });

  it("signing in to an unknown cluster says it is unknown, and lists nothing", async () => {
    const res = await new ScriptedBrowser().signIn(t.dev.tokens.viewer, "staging");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, message: 'unknown cluster "staging"' });
  });

  it("proxy mode: every cluster the proxied user may act on, and no API server address", async () => {
    pki = makeProxyPki();
    proxy = await startConsoleServer(pki, [...proxyFlags(pki), "--proxy-allowed-names", PROXY_CN, "--proxy-sidecar"]);
    const res = await proxy.call("/api/clusters", { cert: pki.proxy, headers: { "x-remote-user": "viewer" } });
    expect(res.status).toBe(200);
    expect(res.body.clusters).toEqual([
      { name: DEV, current: true },
      { name: PROD, current: false },
    ]);
    for (const a of addresses()) expect(JSON.stringify(res.body)).not.toContain(a);
  });
});
