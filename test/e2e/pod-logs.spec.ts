import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { pages } from "./paths";

// Pod logs in the browser: from a CloneSet's pod row and pod map to the pod's page, a crash-looping container's log
// and its previous run's, a live log that follows (and stops following when the user scrolls up), search, download,
// and a user without pods/log told why. The sandbox's kubelet writes the logs (sandbox/README.md): an image tag with
// "crash" exits 1 after its start-up lines, SANDBOX_LOG_RATE sets how many lines a second a container writes.

const NS = `e2e-logs-${Math.random().toString(36).slice(2, 7)}`;
const ctx = () => sandboxAdmin().context;

interface PodJson {
  metadata: { name: string };
  status?: { containerStatuses?: { restartCount: number; state?: { running?: object } }[] };
}

function cloneSet(name: string, image: string, env: { name: string; value: string }[] = []) {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name, namespace: NS },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image, env }] } },
    },
  };
}

const podOf = (app: string) =>
  kubectlJson<{ items: PodJson[] }>("get", "pods", "-n", NS, "-l", `app=${app}`).items[0] as PodJson | undefined;

/** The pod of `app` once `ok` holds for it (its name). */
async function podWhen(app: string, ok: (p: PodJson) => boolean): Promise<string> {
  let name = "";
  await expect
    .poll(
      () => {
        const p = podOf(app);
        name = p && ok(p) ? p.metadata.name : "";
        return name;
      },
      { message: `a pod of ${app}`, timeout: 120_000 },
    )
    .not.toBe("");
  return name;
}

/** The number of lines the page says it holds. */
const lineCount = async (page: Page) =>
  Number(((await page.getByTestId("log-count").textContent()) ?? "").replace(/,/g, "").match(/^(\d+)/)?.[1] ?? NaN);

/** Whether the log box is scrolled to its end (the newest line in view). */
const atEnd = (page: Page) =>
  page.getByTestId("log-view").evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight <= 2);

test.beforeAll(() => {
  kubectl("create", "namespace", NS);
  kubectlApply(cloneSet("crasher", "registry.example.com/e2e/crasher:1.0-crash"));
  kubectlApply(cloneSet("chatty", "registry.example.com/e2e/chatty:1.0", [{ name: "SANDBOX_LOG_RATE", value: "20" }]));
});

test.afterAll(() => {
  kubectl("delete", "namespace", NS, "--wait=false");
});

test("the log of a crashing container is shown with its previous run", async ({ page }) => {
  const pod = await podWhen("crasher", (p) => (p.status?.containerStatuses?.[0]?.restartCount ?? 0) >= 2);
  await page.goto(pages.cloneSet(ctx(), NS, "crasher"));
  const link = page.locator(`[data-testid=pod-row][data-name="${pod}"]`).getByTestId("pod-link");
  await link.click();
  await page.waitForURL((u) => u.pathname === pages.pod(ctx(), NS, pod));
  await expect(page.getByRole("heading", { level: 1, name: pod })).toBeVisible();
  const log = page.getByTestId("log-view");
  await expect(log).toContainText("INFO starting crasher 1.0-crash container=app");
  await expect(log).toContainText("FATAL cannot start without its database, exiting with code 1");
  await expect(page.locator("[data-testid=log-line] [data-level=error]").first()).toBeVisible();

  await page.getByRole("button", { name: "Previous run" }).click();
  await expect(page).toHaveURL(/[?&]previous=1/);
  await expect(page.getByTestId("log-run")).toContainText(
    "The run before the container's last restart, which ended with exit code 1 (Error)",
  );
  await expect(page.getByTestId("log-status")).toContainText("The whole run.");
  await expect(log).toContainText("INFO connecting to database app-db");
  await expect(log).toContainText("FATAL cannot start without its database, exiting with code 1");
  // A reload shows the same run: the choice is in the URL.
  await page.reload();
  await expect(page.getByRole("button", { name: "Previous run" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("log-view")).toContainText("FATAL");
});

test("the pod map leads to the pod's page", async ({ page }) => {
  const pod = await podWhen("chatty", (p) => !!p.status?.containerStatuses?.[0]?.state?.running);
  await page.goto(pages.cloneSet(ctx(), NS, "chatty"));
  await page
    .getByTestId("pod-map-canvas")
    .first()
    .click({ position: { x: 4, y: 4 } });
  await page.getByTestId("pod-map-selected").getByRole("link", { name: "containers and logs" }).click();
  await page.waitForURL((u) => u.pathname === pages.pod(ctx(), NS, pod));
  await expect(page.getByTestId("log-live")).toBeVisible();
});

test("follow shows new lines live, stops when the user scrolls up, and resumes on request", async ({ page }) => {
  const pod = await podWhen("chatty", (p) => !!p.status?.containerStatuses?.[0]?.state?.running);
  await page.goto(pages.pod(ctx(), NS, pod));
  await expect(page.getByTestId("log-live")).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous run" })).toBeDisabled();
  const first = await lineCount(page);
  await expect.poll(() => lineCount(page), { message: "new lines arrive" }).toBeGreaterThan(Math.max(first, 100));
  await expect(page.getByTestId("log-following")).toBeVisible();
  await expect.poll(() => atEnd(page), { message: "the newest line in view" }).toBe(true);

  await page.getByTestId("log-view").hover();
  await page.mouse.wheel(0, -1500);
  const follow = page.getByTestId("log-follow");
  await expect(follow).toHaveText(/^Follow \(\d[\d,]* new lines?\)$/);
  await expect.poll(() => atEnd(page), { message: "the view stays where the user put it" }).toBe(false);

  await follow.click();
  await expect(page.getByTestId("log-following")).toBeVisible();
  await expect.poll(() => atEnd(page), { message: "back at the newest line" }).toBe(true);
});

test("search filters the lines and highlights what it found", async ({ page }) => {
  const pod = await podWhen("chatty", (p) => !!p.status?.containerStatuses?.[0]?.state?.running);
  await page.goto(pages.pod(ctx(), NS, pod));
  await expect.poll(() => lineCount(page)).toBeGreaterThan(20);
  await page.getByLabel("Search").fill("post /api/orders");
  await expect(page.getByTestId("log-hits")).toHaveText(/^\d+ matching lines?$/);
  await expect(page.locator("[data-testid=log-line] mark").first()).toHaveText(/POST \/api\/orders/i);
  await page.getByLabel("Only matching lines").check();
  const shown = page.getByTestId("log-line");
  await expect(shown.first()).toBeVisible();
  await expect
    .poll(
      async () => {
        const lines = await shown.allTextContents();
        return lines.length > 0 && lines.every((l) => /POST \/api\/orders/i.test(l));
      },
      { message: "only lines that match" },
    )
    .toBe(true);
  await page.getByLabel("Search").fill("");
  await expect
    .poll(async () => (await shown.allTextContents()).some((l) => / GET /.test(l)), { message: "every line again" })
    .toBe(true);
});

test("download gives the whole log as a file, with timestamps when they are shown", async ({ page }) => {
  const pod = await podWhen("chatty", (p) => !!p.status?.containerStatuses?.[0]?.state?.running);
  await page.goto(pages.pod(ctx(), NS, pod));
  await expect(page.getByTestId("log-live")).toBeVisible();
  await page.getByLabel("Timestamps").check();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("log-download").click()]);
  expect(file.suggestedFilename()).toBe(`${pod}_app.log`);
  const text = readFileSync(await file.path(), "utf8");
  const lines = text.split("\n").filter(Boolean);
  expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z INFO starting chatty 1\.0 container=app /);
  expect(lines.length).toBeGreaterThan(20);
});

test("a user who may read the pod but not its log is told why", async ({ page }) => {
  const pod = await podWhen("chatty", (p) => !!p.status?.containerStatuses?.[0]?.state?.running);
  const noLogs = kubectlJson<{ contexts: { name: string }[] }>("config", "view")
    .contexts.map((c) => c.name)
    .find((n) => /viewer-no-logs$/.test(n));
  expect(noLogs, "the sandbox kubeconfig has a viewer-no-logs context").toBeTruthy();
  await page.goto(pages.pod(noLogs!, NS, pod));
  await expect(page.getByRole("heading", { level: 1, name: pod })).toBeVisible();
  const denied = page.getByTestId("log-denied");
  await expect(denied).toContainText("You may not read this pod's log");
  await expect(denied).toContainText("You may not get pods/log");
  await expect(denied).toContainText(`get on pods/log in namespace ${NS}`);
  await expect(page.getByTestId("log-download")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`${theme} theme: the pod page, its log searched, has no serious accessibility violations`, async ({ page }) => {
    const pod = await podWhen("crasher", (p) => (p.status?.containerStatuses?.[0]?.restartCount ?? 0) >= 1);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.goto(pages.pod(ctx(), NS, pod));
    await expect(page.getByTestId("log-line").first()).toBeVisible();
    await page.getByLabel("Search").fill("database");
    await expect(page.locator("[data-testid=log-line] mark").first()).toBeVisible();
    const r = await new AxeBuilder({ page }).analyze();
    const serious = r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
    expect(serious).toEqual([]);
  });
}
