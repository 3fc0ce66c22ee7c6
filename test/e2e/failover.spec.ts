/**
 * A release manager's console loses a replica mid-edit: two console processes (A and B, token mode) share a
 * Redis session store behind a round-robin proxy, as a Service puts them. With a live stream open and an
 * unsaved edit in the editor, the replica serving the stream gets SIGTERM. The page is live again through the
 * other replica within 5 s, the draft is intact, and the save that follows reaches the API server exactly
 * once (counted by a front in front of the sandbox's API server).
 */
import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { startConsole, type ConsoleProcess } from "../integration/console-process";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { cloneSetManifest, kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { countingApiServer, roundRobin } from "./failover-net";
import { E2E_KUBECONFIG, pages } from "./paths";

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
  try {
    kubectl("create", "namespace", NS);
  } catch {
    /* the demo may have it already */
  }
  kubectlApply(cloneSetManifest(NS, NAME, { replicas: 2, partition: 2 }));
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
});

test.afterAll(async () => {
  await Promise.allSettled(replicas.map((r) => r.stop()));
  lb?.close();
  api?.close();
  await redis?.close();
  kubectl("delete", "clonesets.apps.kruise.io", NAME, "-n", NS, "--wait=false");
});

const editor = (page: Page) => page.locator("[data-testid=yaml-editor] .view-lines");
const isStream = (p: string) => p.includes("/stream?");

/** Monaco's own find/replace, as a user types it. */
async function replaceAll(page: Page, find: string, replace: string) {
  await editor(page).click();
  await page.keyboard.press("Control+H");
  await page.locator(".find-widget textarea[aria-label=Find]").fill(find);
  const box = page.locator(".find-widget textarea[aria-label=Replace]");
  await box.fill(replace);
  await box.press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await expect(editor(page)).toContainText(replace);
}

test("the replica serving the stream goes away: live again through the other within 5 s, the draft kept, the save sent once", async ({
  page,
}) => {
  const ctx = sandboxAdmin().context;
  // Sign in through the balancer (either replica may answer), then open the editor.
  await page.goto(`${lb.url}${pages.edit(ctx, NS, "clonesets", NAME)}`);
  await page.waitForURL((u) => u.pathname === "/signin");
  await page.getByLabel("Bearer token").fill(DEPLOYER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(editor(page)).toContainText("kind: CloneSet", { timeout: 60_000 });
  const badge = page.getByTestId("connection");
  await expect(badge).toHaveAttribute("data-state", "live");
  await replaceAll(page, "nginx:1.25", "nginx:1.26"); // unsaved

  // The replica holding the page's live stream gets SIGTERM, as in a rolling upgrade.
  const stream = lb.served.filter((s) => isStream(s.path)).at(-1)!;
  const victim = replicas.find((r) => r.origin === stream.upstream)!;
  const survivor = replicas.find((r) => r !== victim)!;
  const writesBefore = api.writes().length;
  const t0 = Date.now();
  victim.child.proc.kill("SIGTERM");
  await expect
    .poll(() => lb.served.some((s) => isStream(s.path) && s.upstream === survivor.origin && s.at >= t0), {
      timeout: 5000,
    })
    .toBe(true);
  await expect(badge).toHaveAttribute("data-state", "live", { timeout: Math.max(1, 5000 - (Date.now() - t0)) });
  const liveAfter = Date.now() - t0;
  expect(liveAfter).toBeLessThan(5000);
  console.log(`[failover] live again through ${survivor.name} ${liveAfter} ms after SIGTERM to ${victim.name}`);
  await victim.child.exited;
  expect(victim.child.proc.exitCode).toBe(0); // a clean, graceful exit
  await expect(editor(page)).toContainText("nginx:1.26"); // the draft is intact
  expect(api.writes().length).toBe(writesBefore); // nothing was replayed by the failover

  // Save through the survivor: the API server gets the patch exactly once.
  await page.getByTestId("save").click();
  const sent = page.waitForResponse((r) => r.url().endsWith("/edit") && r.request().method() === "POST");
  await page.getByTestId("send").click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByTestId("notice")).toContainText("Saved");
  const patches = api.writes().filter((w) => w.method === "PATCH" && w.path.includes(`/clonesets/${NAME}`));
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
