/**
 * Two real console processes (A and B, token mode) sharing one real redis-server, in front of one
 * cluster: what a team gets from running the console with several replicas. A browser may be sent to
 * either replica at any request; whatever it did on one holds on the other, and the limits count both.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloneSet, clonesets } from "../contract/lib/fixtures";
import { startCluster, type TestCluster } from "../support/clusters";
import { waitUntil } from "../support/proc";
import { Browser, startConsole, type ConsoleProcess } from "./console-process";
import { startRedis, type TestRedis } from "./redis-server";

const NS = "shop";

describe("two console replicas sharing a Redis session store", () => {
  let redis: TestRedis;
  let cluster: TestCluster;
  let a: ConsoleProcess;
  let b: ConsoleProcess;

  beforeAll(async () => {
    redis = await startRedis();
    cluster = await startCluster("sandbox");
    const keyFile = path.join(mkdtempSync(path.join(os.tmpdir(), "kc-key-")), "session.key");
    writeFileSync(keyFile, randomBytes(32).toString("base64") + "\n", { mode: 0o600 });
    // This test plays the ingress: its X-Forwarded-For names the client the sign-in throttle counts.
    const args = [
      ...["--mode", "token", "--session-store", redis.url, "--session-key-file", keyFile],
      ...["--trusted-proxies", "127.0.0.1"],
    ];
    const env = {
      KRUISE_CONSOLE_KUBECONFIG: cluster.kubeconfigPath,
      KRUISE_CONSOLE_MAX_SESSIONS_PER_USER: "2",
      KRUISE_CONSOLE_SIGNIN_FAILURES: "3",
      KRUISE_CONSOLE_MAX_STREAMS_PER_USER: "2",
    };
    [a, b] = await Promise.all([startConsole("console-a", args, env), startConsole("console-b", args, env)]);
  }, 240_000);
  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await redis?.close();
    await cluster?.stop();
  });

  it("a session signed in through A works through B, including a write with its anti-CSRF token", async () => {
    const name = `replicas-${randomBytes(3).toString("hex")}`;
    const cs = await clonesets(cluster.kubeConfig(), NS).create({
      ...cloneSet(name, { replicas: 4 }),
      spec: { ...cloneSet(name, { replicas: 4 }).spec, updateStrategy: { type: "InPlaceIfPossible", partition: 4 } },
    });
    const browser = new Browser();
    expect((await browser.signIn(a, cluster.tokens.deployer)).status).toBe(200);
    const onB = await browser.session(b);
    expect(onB.body).toMatchObject({ mode: "token", signedIn: true, user: { name: "deployer" } });
    const base = {
      generation: cs.metadata.generation,
      resourceVersion: cs.metadata.resourceVersion,
      type: "InPlaceIfPossible",
      partition: 4,
    };
    const res = await browser.send(b, `/api/c/admin/ns/${NS}/clonesets/${name}/update`, {
      action: "partition",
      base,
      value: 2,
    });
    expect(res.status).toBe(200);
    const after = await clonesets(cluster.kubeConfig(), NS).get(name);
    expect((after.spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(2);
  });

  it("signing out through B ends the session on A", async () => {
    const browser = new Browser();
    await browser.signIn(a, cluster.tokens.viewer);
    const cookie = browser.cookie;
    expect((await browser.send(b, "/api/auth/signout", {})).status).toBe(200);
    const stale = new Browser();
    stale.cookie = cookie; // the cookie the browser held before: A must not accept it any more
    const onA = await stale.session(a);
    expect(onA.status).toBe(401);
    expect(onA.body).toMatchObject({ signedIn: false });
  });

  it("the per-user session cap counts sign-ins through both replicas", async () => {
    const first = new Browser();
    await first.signIn(a, cluster.tokens["shop-reader"]);
    await new Browser().signIn(b, cluster.tokens["shop-reader"]);
    await new Browser().signIn(a, cluster.tokens["shop-reader"]);
    expect((await first.session(b)).body).toMatchObject({ signedIn: false });
  });

  it("failed sign-ins through A and B add up to one throttle for the guesser's address, and no one else's", async () => {
    const guess = `guess-${randomBytes(4).toString("hex")}`;
    const guesser = new Browser({ "x-forwarded-for": "198.51.100.66" });
    expect((await guesser.signIn(a, guess)).status).toBe(401);
    expect((await guesser.signIn(b, guess)).status).toBe(401);
    expect((await guesser.signIn(a, guess)).status).toBe(401);
    const res = await guesser.signIn(b, guess);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/too many failed sign-ins from your address/);
    const colleague = new Browser({ "x-forwarded-for": "198.51.100.67" });
    expect((await colleague.signIn(a, cluster.tokens.viewer)).status).toBe(200);
  });

  it("the per-user stream cap counts streams open on both replicas", async () => {
    const one = new Browser();
    const two = new Browser();
    await one.signIn(a, cluster.tokens["payments-reader"]);
    await two.signIn(b, cluster.tokens["payments-reader"]);
    const ctl = new AbortController();
    const open = (br: Browser, to: ConsoleProcess) =>
      fetch(`${to.origin}/api/c/admin/stream?r=pods&ns=payments`, {
        headers: { cookie: br.cookie! },
        signal: ctl.signal,
      });
    try {
      expect((await open(one, a)).status).toBe(200);
      expect((await open(two, b)).status).toBe(200);
      const third = await open(one, b);
      expect(third.status).toBe(429);
      expect(((await third.json()) as { message: string }).message).toMatch(/too many open streams for user/);
    } finally {
      ctl.abort();
    }
  });

  it("with Redis stopped, sign-in and session checks answer 503 naming the store; started again, both replicas recover by themselves", async () => {
    const browser = new Browser();
    await browser.signIn(a, cluster.tokens.viewer);
    await redis.stop();
    const message = `session store unreachable: redis://127.0.0.1:${redis.port}`;
    await waitUntil("A notices", async () => (await fetch(`${a.origin}/readyz`)).status === 503);
    const check = await browser.session(b);
    expect(check.status).toBe(503);
    expect(check.body).toMatchObject({ code: 503, message });
    const signIn = await new Browser().signIn(a, cluster.tokens.viewer);
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toMatchObject({ message });
    expect(await (await fetch(`${a.origin}/readyz`)).json()).toEqual({
      status: "not ready",
      failing: ["session store unreachable"],
    });

    await redis.start();
    await waitUntil(
      "both ready again",
      async () => (await fetch(`${a.origin}/readyz`)).ok && (await fetch(`${b.origin}/readyz`)).ok,
      undefined,
      20_000,
    );
    // Redis kept nothing (no persistence here): sessions start over, and work across replicas again.
    const again = new Browser();
    expect((await again.signIn(b, cluster.tokens.viewer)).status).toBe(200);
    expect((await again.session(a)).body).toMatchObject({ signedIn: true, user: { name: "viewer" } });
  });
});
