import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { kubectlJson, sandboxAdmin } from "./cluster";
import { cloneSets, eventually } from "./demo";
import { pages } from "./paths";

const DEMO = new Set(["shop", "payments"]);
const ctx = () => sandboxAdmin().context;

/** A row's state and bar, filtered to by name: the list renders only the rows in view (VirtualTable). */
async function listState(page: Page, ns: string, name: string) {
  await page.getByRole("searchbox", { name: "Filter by name" }).fill(name);
  const row = page.locator(`[data-testid=cloneset-row][data-namespace="${ns}"][data-name="${name}"]`);
  await expect(row).toBeVisible();
  return {
    state: await row.getByTestId("state").getAttribute("data-state"),
    bar: await row.getByTestId("revision-bar").getByRole("img").getAttribute("aria-label"),
  };
}

test("the demo's ledger, whose new image cannot be pulled, is stuck on the list, its page and its tab title", async ({
  page,
}) => {
  await eventually(
    (l) => l.find((c) => c.metadata.name === "ledger" && (c.status?.updatedReplicas ?? 0) > 0),
    "ledger rolling its bad image",
  );
  await page.goto(pages.cloneSets(ctx(), { ns: "payments" }));
  const row = page.locator(`[data-testid=cloneset-row][data-name="ledger"]`);
  await expect(row.getByTestId("state")).toHaveAttribute("data-state", "stuck");
  // The reason is the tooltip (and screen-reader text) of the badge.
  await expect(row.getByTestId("state").locator(".badge")).toHaveAttribute("title", /ImagePullBackOff|ErrImagePull/);
  await expect(row.getByTestId("revision-bar")).not.toHaveAttribute("data-failing", "0");

  await page.goto(pages.cloneSet(ctx(), "payments", "ledger"));
  await expect(page.getByRole("heading", { level: 1, name: "ledger" })).toBeVisible();
  await expect(page.getByTestId("state").first()).toHaveAttribute("data-state", "stuck");
  await expect(page.getByTestId("stuck-reason")).toContainText(/ImagePullBackOff|ErrImagePull/);
  await expect(page.getByTestId("rollout").getByTestId("state")).toHaveAttribute("data-state", "stuck");
  await expect(page).toHaveTitle(/^ledger · stuck \d+\/\d+ — Kruise Console$/);
});

test("the list's state and bar agree with the detail header for every demo CloneSet", async ({ page }) => {
  test.setTimeout(600_000);
  const names = cloneSets()
    .filter((c) => DEMO.has(c.metadata.namespace))
    .map((c) => [c.metadata.namespace, c.metadata.name] as const);
  expect(names.length).toBeGreaterThanOrEqual(6);
  // One look at the list (all namespaces), once it has watched the pods it needs...
  await page.goto(pages.cloneSets(ctx()));
  await expect(page.locator(`[data-testid=cloneset-row][data-name="ledger"]`).getByTestId("state")).toHaveAttribute(
    "data-state",
    "stuck",
  );
  const onList = new Map<string, Awaited<ReturnType<typeof listState>>>();
  for (const [ns, name] of names) onList.set(`${ns}/${name}`, await listState(page, ns, name));
  // ...then each detail page says the same.
  for (const [ns, name] of names) {
    const want = onList.get(`${ns}/${name}`)!;
    await page.goto(pages.cloneSet(ctx(), ns, name));
    const header = page.getByRole("region", { name, exact: true });
    await expect(header.getByTestId("state").first(), `${ns}/${name}`).toHaveAttribute("data-state", want.state!);
    await expect(header.getByTestId("revision-bar").getByRole("img"), `${ns}/${name}`).toHaveAttribute(
      "aria-label",
      want.bar!,
    );
    expect(await page.title()).toMatch(new RegExp(`^${name} · .+ — Kruise Console$`));
  }
});

test("checkout, whose Rollout waits for approval at step 1, has one state on its list row and header: the Rollout's own badge", async ({
  page,
}) => {
  interface R {
    metadata: { name: string; namespace: string };
    status?: { canaryStatus?: { currentStepIndex?: number; currentStepState?: string } };
  }
  let ns = "";
  await expect
    .poll(
      () => {
        const r = kubectlJson<{ items: R[] }>("get", "rollouts.rollouts.kruise.io", "-A").items.find(
          (x) => x.metadata.name === "checkout",
        );
        const c = r?.status?.canaryStatus;
        ns = r?.metadata.namespace ?? "";
        return c?.currentStepIndex === 1 && c.currentStepState === "StepPaused";
      },
      { message: "Rollout checkout waiting for approval at step 1", timeout: 180_000 },
    )
    .toBe(true);
  // One badge tells it: the state is the Rollout's, shown by the Rollout's own (named, linked) badge.
  const story = "Rollout checkout: step 1/3, waiting for approval";
  await page.goto(pages.cloneSets(ctx(), { ns }));
  const row = page.locator(`[data-testid=cloneset-row][data-name="checkout"]`);
  await expect(row.getByTestId("state")).toHaveAttribute("data-state", "rollout");
  await expect(row.getByTestId("state").getByTestId("rollout-badge")).toContainText(story);
  await expect(row.getByTestId("rollout-badge")).toHaveCount(1);
  await expect(row).not.toContainText("held by partition");
  await page.goto(pages.cloneSet(ctx(), ns, "checkout"));
  const header = page.getByRole("region", { name: "checkout", exact: true });
  await expect(header.getByTestId("state").first()).toHaveAttribute("data-state", "rollout");
  await expect(header.getByTestId("state").first().getByTestId("rollout-badge")).toContainText(story);
  await expect(header.getByTestId("rollout-badge")).toHaveCount(1);
  await expect(page).toHaveTitle(/^checkout · Rollout step 1\/3, waiting for approval — Kruise Console$/);
});

test("sorting by needs attention puts the stuck CloneSet first", async ({ page }) => {
  await page.goto(pages.cloneSets(ctx()));
  // Rows come from the client's own read, so once one shows the page has hydrated and the select's change is heard
  // (a change made before that is lost, as a user's would be).
  await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
  await page.getByLabel("Sort by").selectOption("attention");
  await expect(page).toHaveURL(/sort=attention/);
  const first = page.getByTestId("cloneset-row").first();
  await expect(first.getByTestId("state")).toHaveAttribute("data-state", "stuck");
});

test("a namespace without CloneSets says so and offers all namespaces", async ({ page }) => {
  await page.goto(pages.cloneSets(ctx(), { ns: "no-clonesets-here" }));
  await expect(page.getByTestId("empty")).toHaveAttribute("data-empty", "empty-namespace");
  await page.getByRole("button", { name: "Show all namespaces" }).click();
  await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
});
