import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeKubeconfigFile } from "../support/kubeconfig";
import { startCountingProxy, type CountingProxy } from "../integration/hub-proxy";
import { ORIGIN, ScriptedBrowser } from "./browser";
import { KINDS, NS, useConsole } from "./harness";

// Request hygiene: refused requests never reach the cluster. The console's kubeconfig
// points at a counting proxy in front of the cluster, so "not touched" is observed, not assumed.
describe.each(KINDS)("request hygiene (%s)", (kind) => {
  let proxy: CountingProxy;
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "token" }, async (c) => {
    proxy = await startCountingProxy(c.server, c.caData);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kc-hygiene-")), "kubeconfig");
    writeKubeconfigFile(file, { server: proxy.url }, c.tokens);
    return file;
  });
  let b: ScriptedBrowser;
  beforeAll(async () => {
    b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens.deployer)).status).toBe(200);
    proxy.requests.length = 0; // the sign-in's TokenReview did reach the cluster; nothing after it may
  });
  afterAll(async () => {
    await proxy?.close();
  });

  const intent = { action: "pause", base: { generation: 1, resourceVersion: "1" } };
  const refused = async (res: Response, code: number, message: RegExp) => {
    expect(res.status).toBe(code);
    expect((await res.json()).message).toMatch(message);
    expect(proxy.requests, "the cluster was not contacted").toEqual([]);
  };

  it("a cross-origin POST is refused", async () => {
    await refused(
      await b.rollout("admin", NS, "web", intent, { origin: "https://evil.example" }),
      403,
      /cross-origin write refused/,
    );
    await refused(
      await b.rollout("admin", NS, "web", intent, { origin: null, headers: { "sec-fetch-site": "cross-site" } }),
      403,
      /neither an Origin header nor Sec-Fetch-Site: same-origin/,
    );
    await refused(
      await b.edit("admin", NS, "clonesets", "web", { base: {}, mine: {} }, { origin: "null" }),
      403,
      /write refused/,
    );
  });

  it("a write without the session's anti-CSRF header is refused", async () => {
    await refused(await b.rollout("admin", NS, "web", intent, { csrf: null }), 403, /X-CSRF-Token/);
    await refused(await b.rollout("admin", NS, "web", intent, { csrf: "x".repeat(32) }), 403, /X-CSRF-Token/);
    await refused(
      await b.edit("admin", NS, "clonesets", "web", { base: {}, mine: {} }, { csrf: null }),
      403,
      /X-CSRF-Token/,
    );
  });

  it("a form post (not JSON) and an oversized body are refused", async () => {
    await refused(
      await b.rollout("admin", NS, "web", "action=pause", { contentType: "application/x-www-form-urlencoded" }),
      415,
      /Content-Type must be application\/json/,
    );
    const huge = JSON.stringify({ ...intent, pad: "x".repeat(1024 * 1024) });
    await refused(await b.rollout("admin", NS, "web", huge), 413, /larger than 1048576 bytes/);
    await refused(
      await b.edit("admin", NS, "clonesets", "web", { base: {}, mine: { pad: "y".repeat(1024 * 1024) } }),
      413,
      /larger than/,
    );
  });

  it.each([
    ["..", "name"],
    ["%2e%2e", "name"],
    ["a%2Fb", "name"],
    ["a/b", "name"],
    ["..%2F..%2Fsecrets", "name"],
    ["Bad_Name", "name"],
    ["<script>", "name"],
    ["x".repeat(254), "name"],
  ])("the object name %j is refused with a 400 before any cluster call", async (name, field) => {
    await refused(await b.rollout("admin", NS, name, intent), 400, new RegExp(`invalid ${field}`));
    await refused(
      await b.edit("admin", NS, "clonesets", name, { base: {}, mine: {} }),
      400,
      /invalid name|base and mine/,
    );
    await refused(await b.object("admin", NS, "clonesets", name), 400, /invalid name/);
  });

  it("namespaces, clusters and resources outside the allow-lists are refused (no Secrets, no arbitrary paths)", async () => {
    await refused(await b.object("admin", "../kube-system", "pods", "x"), 400, /invalid namespace/);
    await refused(await b.object("admin", "kube-system%2F..", "pods", "x"), 400, /invalid namespace/);
    await refused(await b.object("..%2F..%2Fapi", NS, "pods", "x"), 400, /unknown cluster/);
    await refused(await b.object("admin", NS, "secrets", "db-password"), 400, /unknown resource "secrets"/);
    await refused(
      await b.edit("admin", NS, "secrets", "db-password", { base: {}, mine: {} }),
      400,
      /unknown resource "secrets"/,
    );
    await refused(await b.stream("admin", "r=secrets"), 400, /unknown resource "secrets"/);
    await refused(await b.stream("admin", "r=pods&ns=..%2Fkube-system"), 400, /invalid namespace/);
  });

  it(`nothing reached the cluster (${ORIGIN} never proxies a path of its own making)`, () => {
    expect(proxy.requests).toEqual([]);
  });
});
