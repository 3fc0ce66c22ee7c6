/**
 * A release manager's console loses a replica mid-edit: two console processes (A and B, token mode) share a
 * Redis session store behind a round-robin proxy, as a Service puts them. With a live stream open and an
 * unsaved edit in the editor, the replica serving the stream gets SIGTERM. The page is live again through the
 * other replica within 5 s, the draft is intact, and the save that follows reaches the API server exactly
 * once (counted by a front in front of the sandbox's API server).
 */
import { expect, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { startConsole, type ConsoleProcess } from "../integration/console-process";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { cloneSetManifest, ensureNamespace, kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { countingApiServer, roundRobin } from "./failover-net";
import { E2E_KUBECONFIG, pages } from "./paths";
import { editorLines, replaceAll } from "./monaco";

const NS = "shop"; // where the sandbox's deployer may patch CloneSets
const NAME = `failover-${randomBytes(3).toString("hex")}`;
const DEPLOYER = "sandbox-deployer-token";

test.describe.configure({ mode: "serial" });

let redis: TestRedis;
let api: Awaited<ReturnType<typeof countingApiServer>>;
let lb: Awaited<ReturnType<typeof roundRobin>>;
const replicas: ConsoleProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  ensureNamespace(NS); // the demo has it; an earlier run may have made it
  redis = await startRedis();
  api = await countingApiServer(sandboxAdmin().server);
  const dir = mkdtempSync(path.join(os.tmpdir(), "kc-failover-"));
  // The replicas reach the cluster through the counting front; nothing else changes.
  const kc = parse(readFileSync(E2E_KUBECONFIG, "utf8")) as { clusters: { cluster: Record<string, unknown> }[] };
  for (const c of kc.clusters) Object.assign(c.cluster, { server: api.url, "insecure-skip-tls-verify": true });
  writeFileSync(path.join(dir, "kubeconfig"), stringify(kc), { mode: 0o600 });
  writeFileSync(path.join(dir, "session.key"), randomBytes(32).toString("base64"), { mode: 0o600 });
  const args = ["--mode", "token", "--session-store", redis.url, "--session-key-file", path.join(dir, "session.key")];
  const env = { KRUISE_CONSOLE_KUBECONFIG: path.join(dir, "kubeconfig"), KRUISE_CONSOLE_SHUTDOWN_SECONDS: "10" };
  replicas.push(...(await Promise.all([startConsole("a", args, env), startConsole("b", args, env)])));
  lb = await roundRobin(replicas.map((r) => r.origin));
  // The demo's sandbox can be busy just after start (a 1,000-pod CloneSet): a slow handshake is retried.
  for (let i = 0; ; i++) {
    try {
      kubectlApply(cloneSetManifest(NS, NAME, { replicas: 2, partition: 2 }));
      break;
    } catch (e) {
      if (i === 2) throw e;
    }
  }
});

test.afterAll(async () => {
  await Promise.allSettled(replicas.map((r) => r.stop()));
  lb?.close();
  api?.close();
  await redis?.close();
  try {
    kubectl("delete", "clonesets.apps.kruise.io", NAME, "-n", NS, "--wait=false");
  } catch {
    /* never created */
  }
});

const isStream = (p: string) => p.includes("/stream?");
/** the replicas holding the page's live streams right now */
const streaming = () => [
  ...new Set(lb.served.filter((s) => isStream(s.path) && s.status === 200 && s.open).map((s) => s.upstream)),
];

/** Opens a stream with the browser's cookie, reads until its first snapshot, and closes it. */
async function readUntilSnapshot(url: string, cookie: string) {
  const ctl = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: ctl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = "";
  while (!text.includes("event: snapshot")) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  ctl.abort();
  expect(text).toContain("event: snapshot");
}

/** Monaco's own find/replace, as a user types it. */
test("the replica serving the stream goes away: live again through the other within 5 s, the draft kept, the save sent once", async ({
  page,
}) => {
  const ctx = sandboxAdmin().context;
  // Sign in through the balancer (either replica may answer), then open the editor.
  await page.goto(`${lb.url}${pages.edit(ctx, NS, "clonesets", NAME)}`);
  await page.waitForURL((u) => u.pathname === "/signin");
  await page.getByLabel("Bearer token").fill(DEPLOYER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(editorLines(page)).toContainText("kind: CloneSet", { timeout: 60_000 });
  const badge = page.getByTestId("connection");
  await expect(badge).toHaveAttribute("data-state", "live");
  await replaceAll(page, "nginx:1.25", "nginx:1.26"); // unsaved

  // A team uses both replicas: each already watches this namespace for someone (here: the same page's stream
  // opened once on each, read to its snapshot, then closed; the watch stays warm for a while after).
  const streamPath = lb.served.find((s) => isStream(s.path) && s.status === 200)!.path;
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const r of replicas) await readUntilSnapshot(`${r.origin}${streamPath}`, cookie);

  // The replica holding the page's live stream gets SIGTERM, as in a rolling upgrade.
  await expect.poll(() => streaming().length).toBe(1);
  const victim = replicas.find((r) => r.origin === streaming()[0])!;
  const survivor = replicas.find((r) => r !== victim)!;
  const writesBefore = api.writes().length;
  const t0 = Date.now();
  victim.child.proc.kill("SIGTERM");
  await expect
    .poll(
      () => lb.served.some((s) => isStream(s.path) && s.status === 200 && s.upstream === survivor.origin && s.at >= t0),
      {
        timeout: 5000,
      },
    )
    .toBe(true);
  await expect(badge).toHaveAttribute("data-state", "live", { timeout: Math.max(1, 5000 - (Date.now() - t0)) });
  const liveAfter = Date.now() - t0;
  expect(liveAfter).toBeLessThan(5000);
  console.log(`[failover] live again through ${survivor.name} ${liveAfter} ms after SIGTERM to ${victim.name}`);
  await victim.child.exited;
  expect(victim.child.proc.exitCode).toBe(0); // a clean, graceful exit
  await expect(editorLines(page)).toContainText("nginx:1.26"); // the draft is intact
  // nothing was replayed by the failover
  expect(
    api
      .writes()
      .slice(writesBefore)
      .map((w) => `${w.method} ${w.path}`),
  ).toEqual([]);

  // Save through the survivor: the API server gets the patch exactly once.
  await page.getByTestId("save").click();
  const sent = page.waitForResponse((r) => r.url().endsWith("/edit") && r.request().method() === "POST");
  await page.getByTestId("send").click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByTestId("notice")).toContainText("Saved");
  // The review's server-side dry run (dryRun=All) stores nothing; the save itself is the one without it.
  const patches = api
    .writes()
    .filter((w) => w.method === "PATCH" && w.path.includes(`/clonesets/${NAME}`) && !/[?&]dryRun=/.test(w.path));
  expect(patches).toHaveLength(1);
  const obj = kubectlJson<{ spec: { template: { spec: { containers: { image: string }[] } } } }>(
    "get",
    "clonesets.apps.kruise.io",
    "-n",
    NS,
    NAME,
  );
  expect(obj.spec.template.spec.containers[0].image).toBe("nginx:1.26");
});
