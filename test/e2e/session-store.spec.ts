import type { Browser, Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { sandboxAdmin } from "./cluster";
import { expect, test } from "./fixtures";
import { api, pages, REDIS_GLOBAL_FAILURES, REDIS_STORE_PORT, REDIS_URL } from "./paths";

// Token mode on a Redis session store, in Chromium (the instance on REDIS_URL, test/e2e/serve.ts). Whoever can
// write to Redis cannot widen or steal a session: an entry whose groups are edited, or that is copied under a
// cookie id the attacker chose, is refused and the browser is asked to sign in. And a flood of failed sign-ins
// slows sign-in down but never keeps out someone whose token works. This spec's requests play the ingress
// (127.0.0.1 is the instance's trusted proxy), so X-Forwarded-For names each client.

const VIEWER = "sandbox-viewer-token";
const DEPLOYER = "sandbox-deployer-token";
const SHOP_READER = "sandbox-shop-reader-token";
const COOKIE = "__Host-kruise_console_session";
const P = "kruise-console:";
const ctx = () => sandboxAdmin().context;
const at = (p: string) => `${REDIS_URL}${p}`;
const digest = (s: string) => createHash("sha256").update(s).digest("base64url");
const redis = (...args: string[]) =>
  execFileSync("redis-cli", ["-h", "127.0.0.1", "-p", String(REDIS_STORE_PORT), "--raw", ...args], {
    encoding: "utf8",
  });

test.describe.configure({ mode: "serial" });

/** A browser context behind the ingress at `client`, signed in (as the viewer) on the list page. */
async function signedIn(
  browser: Browser,
  client: string,
  token = VIEWER,
  user = "viewer",
): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": client } });
  const page = await context.newPage();
  await page.goto(at(pages.signIn(pages.cloneSets(ctx()), ctx())));
  await page.getByLabel("Bearer token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === pages.cloneSets(ctx()));
  await expect(page.getByTestId("current-user")).toContainText(user);
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE)!;
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
  return { page, id: cookie.value };
}

const entryKey = (id: string) => `${P}e:${digest(id)}:${encodeURIComponent(ctx())}`;
function fields(key: string): Record<string, string> {
  const flat = redis("HGETALL", key).trim().split("\n");
  return Object.fromEntries(flat.flatMap((v, i) => (i % 2 ? [] : [[v, flat[i + 1]]])));
}
const toSignIn = (page: Page) =>
  page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("cluster") === ctx());
/**
 * Reloads as the user would, then waits to land on sign-in. The page's own stream may see the session refused first
 * and send it to sign-in while the reload is under way, which aborts the reload: where the page lands is what counts.
 */
async function reloadToSignIn(page: Page) {
  await page.reload({ waitUntil: "commit" }).catch((e: unknown) => {
    if (!/ERR_ABORTED|frame was detached/.test(String(e))) throw e;
  });
  await toSignIn(page);
}

test("a session whose Redis entry is edited to add system:masters is refused: the page asks to sign in again", async ({
  browser,
}) => {
  const { page, id } = await signedIn(browser, "203.0.113.21");
  const key = entryKey(id);
  const user = JSON.parse(fields(key).u) as { name: string; groups: string[] };
  redis("HSET", key, "u", JSON.stringify({ ...user, groups: [...user.groups, "system:masters"] }));
  await reloadToSignIn(page);
  expect((await page.request.get(at(api.session(ctx())))).status()).toBe(401);
  expect(redis("EXISTS", key).trim()).toBe("0");
  await page.context().close();
});

test("a victim's entry copied under the attacker's own cookie id is refused in the attacker's browser, before and after the victim signs out", async ({
  browser,
}) => {
  const victim = await signedIn(browser, "203.0.113.22", DEPLOYER, "deployer");
  // The attacker signs in as someone with fewer rights, then puts the victim's entry under their own cookie's key.
  const attacker = await signedIn(browser, "198.51.100.23", SHOP_READER, "shop-reader");
  const own = entryKey(attacker.id);
  const plant = () => {
    redis("HSET", own, ...Object.entries(fields(entryKey(victim.id))).flat());
    redis("SADD", `${P}b:${digest(attacker.id)}`, ctx());
  };
  plant();
  await reloadToSignIn(attacker.page);
  expect(redis("EXISTS", own).trim()).toBe("0");
  // the victim is unaffected; copied again, then the victim signs out: still nothing for the attacker
  await victim.page.reload();
  await expect(victim.page.getByTestId("current-user")).toContainText("deployer");
  plant();
  await victim.page.getByTestId("sign-out").click();
  await victim.page.waitForURL((u) => u.pathname === "/signin");
  await attacker.page.goto(at(pages.cloneSets(ctx())));
  await toSignIn(attacker.page);
  expect((await attacker.page.request.get(at(api.session(ctx())))).status()).toBe(401);
  await attacker.page.context().close();
  await victim.page.context().close();
});

test("while an attacker floods sign-in from many addresses, a person whose token works still signs in", async ({
  browser,
  playwright,
}) => {
  const flood = await playwright.request.newContext({ baseURL: REDIS_URL });
  const guess = (client: string, i: number) =>
    flood.post(api.signIn(), {
      headers: { Origin: REDIS_URL, "X-Forwarded-For": client },
      data: { token: `guess-${i}-${randomBytes(4).toString("hex")}` },
    });
  // Past the global ceiling first, from addresses of its own, and one address until it is held back.
  const first = await Promise.all(
    Array.from({ length: REDIS_GLOBAL_FAILURES + 10 }, (_, i) => guess(`192.0.2.${i + 1}`, i)),
  );
  expect(first.map((r) => r.status()).every((s) => s === 401)).toBe(true);
  let held = 0;
  for (let i = 0; i < 12 && held !== 429; i++) held = (await guess("192.0.2.200", i)).status();
  expect(held).toBe(429);
  // The flood goes on (four at a time) while the person signs in through the page.
  let flooding = true;
  const statuses: number[] = [];
  const ongoing = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; flooding; i++) statuses.push((await guess(`198.51.${100 + w}.${(i % 200) + 1}`, i)).status());
  });
  const { page } = await signedIn(browser, "203.0.113.24");
  await expect(page.locator("[data-testid=cloneset-row]").first()).toBeVisible();
  flooding = false;
  await Promise.all(ongoing);
  const during = statuses;
  expect(during.length).toBeGreaterThan(0);
  expect(during.every((s) => s === 401 || s === 429)).toBe(true);
  await page.context().close();
  await flood.dispose();
});
