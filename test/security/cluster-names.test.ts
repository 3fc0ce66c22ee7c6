import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeKubeconfigFile } from "../support/kubeconfig";
import { startCountingProxy, type CountingProxy } from "../integration/hub-proxy";
import { readSse, ScriptedBrowser } from "./browser";
import { KINDS, NS, useConsole } from "./harness";
import { runtime } from "@/lib/server/runtime";

// One canonical cluster name everywhere, and a ceiling on upstream watches: a flood of spellings
// of one cluster, or of scopes, cannot make the console open LIST+WATCHes without end. The console's
// kubeconfig points at a counting proxy, so the watches are counted where the cluster sees them.
const MAX_PER_CLUSTER = 6;

describe.each(KINDS)("cluster names and watch limits (%s)", (kind) => {
  let proxy: CountingProxy;
  const con = useConsole(
    kind,
    {
      KRUISE_CONSOLE_MODE: "token",
      KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER: String(MAX_PER_CLUSTER),
      KRUISE_CONSOLE_WATCH_IDLE_SECONDS: "600", // scopes outlive their streams for the whole file
    },
    async (c) => {
      proxy = await startCountingProxy(c.server, c.caData);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kc-names-")), "kubeconfig");
      writeKubeconfigFile(file, { server: proxy.url }, c.tokens);
      return file;
    },
  );
  const b = new ScriptedBrowser();
  beforeAll(async () => {
    expect((await b.signIn(con.c.tokens.deployer)).status).toBe(200);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  const watches = () => proxy.requests.filter((r) => r.watch).length;
  const openAndRead = async (cluster: string, query: string) => {
    const res = await b.stream(cluster, query);
    expect(res.status).toBe(200);
    return readSse(res, (t) => t.includes("event: snapshot"));
  };

  it("encoded spellings of a cluster name are refused and open no upstream watch", async () => {
    expect(await openAndRead("admin", "r=clonesets")).toContain("event: snapshot");
    await vi.waitFor(() => expect(watches()).toBe(1));
    const lists = proxy.requests.length;
    // What a route can be handed for /api/c/%2561dmin/… (decoded once or not at all), and friends.
    const variants = ["%61dmin", "%2561dmin", "%61%64min", "%2561%2564%256din", "admin%00", "ADMIN", "admin ", "%"];
    for (const v of variants) {
      const res = await b.stream(v, "r=clonesets");
      expect(res.status, v).toBe(400);
      expect((await res.json()).message).toMatch(/unknown cluster .*: use a kubeconfig context name exactly/);
      expect((await b.object(v, NS, "clonesets", "web")).status, v).toBe(400);
    }
    expect(proxy.requests.length, "no LIST or WATCH for any variant").toBe(lists);
    expect(
      runtime()
        .hub.stats()
        .map((s) => s.cluster),
    ).toEqual(["admin"]);
  });

  it("scopes per cluster are capped: beyond the limit a stream is refused with 503 naming it", async () => {
    await openAndRead("admin", "r=pods&r=controllerrevisions&r=events");
    await openAndRead("admin", `r=clonesets&r=pods&ns=${NS}`);
    // Each scope of a stream sends its own snapshot once listed: the first one read does not mean all are held yet.
    await vi.waitFor(() => expect(runtime().hub.stats()).toHaveLength(MAX_PER_CLUSTER), { timeout: 30_000 });
    const before = proxy.requests.length;
    const res = await b.stream("admin", "r=clonesets&ns=another-namespace");
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(
      /already holds 6 live watches on cluster "admin" \(KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER\)/,
    );
    expect(proxy.requests.length, "nothing was listed or watched for the refused stream").toBe(before);
    // A scope the hub already holds is still served.
    expect(await openAndRead("admin", `r=pods&ns=${NS}`)).toContain("event: snapshot");
  });
});
