import { expect, test } from "./fixtures";
import { kubectl, sandboxAdmin } from "./cluster";
import { cloneSets, eventually, steady, workloads } from "./demo";
import { pages } from "./paths";

const names = (items: { metadata: { name: string; namespace: string } }[]) =>
  items.map((c) => `${c.metadata.namespace}/${c.metadata.name}`).sort();

test("the home page opens the current context's list of every workload kind, live, each row with its kind", async ({
  page,
}) => {
  const expected = {
    "cloneset-row": names(cloneSets()),
    "statefulset-row": names(workloads("statefulsets.apps.kruise.io")),
    "daemonset-row": names(workloads("daemonsets.apps.kruise.io")),
  };
  expect(Object.values(expected).map((l) => l.length > 0)).toEqual([true, true, true]);
  // The list draws only the rows in view (VirtualTable): a screen tall enough for every row of the cluster.
  await page.setViewportSize({ width: 1280, height: 4000 });
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(pages.workloads(sandboxAdmin().context)));
  await expect(page.getByTestId("connection")).toHaveAttribute("data-state", "live");
  for (const [testId, want] of Object.entries(expected)) {
    await expect(page.getByTestId(testId)).toHaveCount(want.length);
    const shown = await page
      .getByTestId(testId)
      .evaluateAll((rows) =>
        rows.map((r) => `${r.getAttribute("data-namespace")}/${r.getAttribute("data-name")}`).sort(),
      );
    expect(shown, testId).toEqual(want);
  }
  await expect(page.getByRole("columnheader", { name: "UPDATED_AVAILABLE" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "KIND" })).toBeVisible();
  const sts = page.locator('[data-testid=statefulset-row][data-name="orders-db"]');
  await expect(sts.locator("[data-col=kind]")).toHaveText("Advanced StatefulSet");
  // ordinal 2 is reserved: partition 3 keeps ordinals 0 and 1, two pods
  await expect(sts.locator("[data-col=partition]")).toHaveText("3 → 2 pods");
  await expect(page.locator('[data-testid=daemonset-row][data-name="log-agent"] [data-col=partition]')).toHaveText(
    "0 → 0 nodes",
  );
});

test("the kind filter narrows the list to one kind's page, keeping the other filters", async ({ page }) => {
  await page.goto(pages.workloads(sandboxAdmin().context, { ns: "shop" }));
  await expect(page.getByTestId("statefulset-row").first()).toBeVisible();
  await page.getByTestId("kind-select").selectOption("statefulsets");
  await expect(page).toHaveURL(new RegExp(`${pages.list(sandboxAdmin().context, "statefulsets")}\\?ns=shop`));
  await expect(page.getByRole("heading", { level: 1, name: "Advanced StatefulSets" })).toBeVisible();
  await expect(page.getByTestId("statefulset-row")).toHaveCount(
    workloads("statefulsets.apps.kruise.io").filter((s) => s.metadata.namespace === "shop").length,
  );
  await expect(page.getByTestId("cloneset-row")).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "KIND" })).toHaveCount(0);
});

test("a change made with kubectl appears on the open page without a reload", async ({ page }) => {
  const cs = await eventually(steady, "a steady CloneSet");
  const { name, namespace } = cs!.metadata;
  await page.goto(pages.cloneSets(sandboxAdmin().context, { ns: namespace }));
  const row = page.locator(`[data-testid=cloneset-row][data-name="${name}"]`);
  const desired = row.locator("[data-col=desired]");
  await expect(desired).toHaveText(String(cs!.spec.replicas));
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  const target = cs!.spec.replicas + 1;
  const started = Date.now();
  kubectl(
    "patch",
    "clonesets.apps.kruise.io",
    name,
    "-n",
    namespace,
    "--type",
    "merge",
    "-p",
    JSON.stringify({ spec: { replicas: target } }),
  );
  try {
    await expect(desired).toHaveText(String(target));
    // Record the delay for the report; the 2 s budget is measured in bench/, not asserted here.
    test.info().annotations.push({ type: "kubectl-to-page-ms", description: String(Date.now() - started) });
    // Same document: the page was updated in place, not reloaded.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  } finally {
    kubectl(
      "patch",
      "clonesets.apps.kruise.io",
      name,
      "-n",
      namespace,
      "--type",
      "merge",
      "-p",
      JSON.stringify({ spec: { replicas: cs!.spec.replicas } }),
    );
  }
});

test("filters by namespace and name are kept in the URL", async ({ page }) => {
  const list = cloneSets();
  const ns = list[0].metadata.namespace;
  await page.goto(pages.cloneSets(sandboxAdmin().context));
  // Once a row (the client's own read) shows, the page has hydrated and hears the select's change.
  await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
  await page.getByLabel("Namespace").selectOption(ns);
  await expect(page).toHaveURL(new RegExp(`ns=${ns}`));
  await expect(page.getByTestId("cloneset-row")).toHaveCount(list.filter((c) => c.metadata.namespace === ns).length);
  await page.getByLabel("Filter by name").fill("zz-no-such-name");
  await expect(page.getByTestId("empty")).toContainText("No CloneSet matches");
});
