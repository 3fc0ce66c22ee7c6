import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readFileSync } from "node:fs";
import { cloneSetManifest, kubectl, kubectlApply, sandboxAdmin } from "./cluster";
import { cloneSets } from "./demo";
import { api, pages, SHARED_LOG, SHARED_URL } from "./paths";
import { PROD, PROD_VIEWER_TOKEN } from "./second-cluster";
import { focusEditor, editorLines } from "./monaco";

// Token mode in the browser: nothing without a session, sign-in as the viewer, writes refused by the cluster and
// explained where they happen, per-cluster sign-in (a second cluster, `prod`, has other users: a token the
// first accepts means nothing there), sign-out per cluster and of all, and no token ever leaves the server.

const VIEWER = "sandbox-viewer-token";
const WRONG = "e2e-not-a-token-7f3a9c";
const NS = `e2e-shared-${Math.random().toString(36).slice(2, 7)}`;
const NAME = "web";
const ctx = () => sandboxAdmin().context;
const at = (p: string) => `${SHARED_URL}${p}`;
const detail = () => pages.cloneSet(ctx(), NS, NAME);

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  kubectl("create", "namespace", NS);
  kubectlApply(cloneSetManifest(NS, NAME, { replicas: 2, partition: 1 }));
});

test.afterAll(() => {
  // The CloneSet goes first and synchronously, so specs that pick "any steady CloneSet" never pick this one.
  kubectl("delete", "clonesets.apps.kruise.io", NAME, "-n", NS, "--wait=true", "--timeout=120s");
  kubectl("delete", "namespace", NS, "--wait=false");
});

/** Every body the browser received: HTTP responses, plus each SSE message (a stream's body never ends). */
async function recordBodies(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sse: string[]; EventSource: typeof EventSource };
    w.__sse = [];
    const Original = w.EventSource;
    w.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const n of ["snapshot", "change", "status", "message"])
          this.addEventListener(n, (e) => w.__sse.push((e as MessageEvent<string>).data));
      }
    };
  });
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => {
    if ((r.headers()["content-type"] ?? "").includes("text/event-stream")) return;
    bodies.push(
      r.body().then(
        (b) => b.toString("utf8"),
        () => "",
      ),
    );
  });
  return async () => [
    ...(await Promise.all(bodies)),
    ...(await page.evaluate(() => (window as unknown as { __sse: string[] }).__sse).catch(() => [])),
  ];
}

test("without a session the API answers 401, the stream sends no data, and pages lead to sign-in", async ({
  page,
  request,
}) => {
  for (const path of [api.clusters(), api.object(ctx(), NS, "clonesets", NAME)]) {
    const r = await request.get(at(path));
    expect(r.status(), path).toBe(401);
  }
  const stream = await request.get(at(api.stream(ctx(), ["clonesets"])), {
    headers: { Accept: "text/event-stream" },
  });
  expect(stream.status()).toBe(401);
  const body = await stream.text();
  expect(body).not.toMatch(/^(event|data):/m);
  expect(body).not.toContain(NAME);
  await page.goto(at(pages.cloneSets(ctx())));
  await page.waitForURL(
    (u) =>
      u.pathname === "/signin" &&
      u.searchParams.get("cluster") === ctx() &&
      u.searchParams.get("next") === pages.cloneSets(ctx()),
  );
  await expect(page.getByRole("heading", { name: `Sign in to ${ctx()}` })).toBeVisible();
  // For a person to look at (kept in the test's output folder), in both themes.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`signin-${colorScheme}.png`) });
  }
});

test("the viewer signs in, reads, cannot write (disabled with the reason; forged writes refused by the cluster), signs out; the token never comes back", async ({
  page,
}) => {
  const bodies = await recordBodies(page);
  await page.goto(at(pages.signIn(pages.cloneSets(ctx()))));
  const token = page.getByLabel("Bearer token");
  await expect(token).toHaveAttribute("type", "password");
  await expect(token).toHaveAttribute("autocomplete", "off");

  await token.fill(WRONG);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signin-error")).toContainText("The cluster did not accept this token");

  await token.fill(VIEWER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === pages.cloneSets(ctx()));
  await expect(page.getByTestId("current-user")).toContainText("viewer");
  const demo = cloneSets().find((c) => !c.metadata.namespace.startsWith("e2e-"));
  expect(demo, "the demo scenario has CloneSets").toBeTruthy();
  await expect(page.locator(`[data-testid=cloneset-row][data-name="${demo!.metadata.name}"]`).first()).toBeVisible();

  await page.goto(at(detail()));
  await expect(page.getByTestId("access-denied")).toContainText("You may not patch this CloneSet");
  await page.screenshot({ path: test.info().outputPath("viewer-detail.png") });
  await expect(page.getByRole("slider", { name: /Partition/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Apply partition" })).toBeDisabled();

  // A write the UI would not offer, forged from the signed-in page with the session's own anti-CSRF token.
  const forged = await page.evaluate(
    async ({ url, session }) => {
      const s = (await (await fetch(session)).json()) as { csrf: string };
      const r = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": s.csrf },
        body: JSON.stringify({ action: "pause", base: { generation: 1 } }),
      });
      return { status: r.status, body: (await r.json()) as { message: string } };
    },
    { url: api.update(ctx(), NS, NAME), session: api.session() },
  );
  expect(forged.status).toBe(403);
  expect(forged.body.message).toMatch(
    new RegExp(`^you may not patch clonesets\\.apps\\.kruise\\.io in ${NS} \\(Kubernetes: `),
  );

  await page.goto(at(pages.edit(ctx(), NS, "clonesets", NAME)));
  await expect(editorLines(page)).toContainText("kind: CloneSet", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("save")).toBeDisabled();
  await expect(page.getByTestId("save-disabled-reason")).toContainText("You may not patch this CloneSet");
  // The server-side dry run is a patch too: the cluster refuses it and the editor says so in the user's words.
  await focusEditor(page);
  await page.keyboard.press("Control+H");
  await page.locator(".find-widget textarea[aria-label=Find]").fill("nginx:1.25");
  const replace = page.locator(".find-widget textarea[aria-label=Replace]");
  await replace.fill("nginx:1.26");
  await replace.press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await page.getByTestId("dry-run").click();
  await expect(page.getByTestId("error-panel")).toContainText(`you may not patch clonesets.apps.kruise.io in ${NS}`);

  // The session ends behind the page's back (signed out in another tab): the next API call leads to
  // sign-in, and signing in returns to the page.
  await page.evaluate(
    (signOut) => fetch(signOut, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
    api.signOut(),
  );
  await page.getByTestId("dry-run").click();
  await page.waitForURL(
    (u) =>
      u.pathname === "/signin" &&
      u.searchParams.get("cluster") === ctx() &&
      u.searchParams.get("next") === `${detail()}/edit`,
  );
  await page.getByLabel("Bearer token").fill(VIEWER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === pages.edit(ctx(), NS, "clonesets", NAME));
  await expect(page.getByTestId("current-user")).toContainText("viewer");

  await page.getByTestId("sign-out").click();
  await page.waitForURL((u) => u.pathname === "/signin");
  expect((await page.request.get(at(api.session()))).status()).toBe(401);
  await page.goto(at(detail()));
  await page.waitForURL((u) => u.pathname === "/signin");

  const received = await bodies();
  expect(received.length).toBeGreaterThan(10);
  for (const secret of [VIEWER, WRONG]) {
    expect(
      received.filter((b) => b.includes(secret)),
      `bodies containing ${secret}`,
    ).toEqual([]);
    expect(readFileSync(SHARED_LOG, "utf8")).not.toContain(secret);
  }
});

test("each cluster asks for its own sign-in: a second cluster with other users, the switcher, sign-out per cluster", async ({
  page,
}) => {
  const bodies = await recordBodies(page);
  await page.goto(at(pages.signIn(undefined, ctx())));
  await page.getByLabel("Bearer token").fill(VIEWER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === pages.workloads(ctx()));
  // Signed in to this cluster only: `prod` says so, and nothing of prod is served to this session.
  await expect(page.locator(`[data-testid=cluster-switcher] option[value="${PROD}"]`)).toHaveAttribute(
    "data-signed-in",
    "false",
  );
  await expect(page.locator(`[data-testid=cluster-switcher] option[value="${PROD}"]`)).toHaveText(`${PROD} · sign in`);
  const prodStream = await page.request.get(at(api.stream(PROD, ["pods"])));
  expect(prodStream.status()).toBe(401);
  expect((await prodStream.json()).message).toMatch(/^sign in to "prod"/);
  await page.getByRole("link", { name: `Sign in to ${PROD}` }).click();
  await page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("cluster") === PROD);
  await expect(page.getByRole("heading", { name: `Sign in to ${PROD}` })).toBeVisible();
  await page.getByLabel("Bearer token").fill(VIEWER); // the first cluster's token: prod's TokenReview refuses it
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signin-error")).toContainText("The cluster did not accept this token");
  await page.getByLabel("Bearer token").fill(PROD_VIEWER_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === pages.workloads(PROD));
  await expect(page.getByTestId("current-user")).toContainText("viewer");
  await expect(page.locator(`[data-testid=cluster-switcher] option[value="${ctx()}"]`)).toHaveAttribute(
    "data-signed-in",
    "true",
  );
  await expect(page.getByTestId("sign-out-all")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("two-clusters.png") });
  // Sign out of prod only: the first cluster stays signed in; then out of all.
  await page.getByTestId("sign-out").click();
  await page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("cluster") === PROD);
  await page.goto(at(pages.cloneSets(ctx())));
  await expect(page.getByTestId("current-user")).toContainText("viewer");
  expect((await page.request.get(at(api.stream(PROD, ["pods"])))).status()).toBe(401);
  await page.getByTestId("sign-out").click();
  await page.waitForURL((u) => u.pathname === "/signin");

  const received = await bodies();
  for (const secret of [VIEWER, PROD_VIEWER_TOKEN]) {
    expect(
      received.filter((b) => b.includes(secret)),
      `bodies containing ${secret}`,
    ).toEqual([]);
    expect(readFileSync(SHARED_LOG, "utf8")).not.toContain(secret);
  }
});
