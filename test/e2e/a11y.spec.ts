import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sandboxAdmin } from "./cluster";
import { eventually, midRollout } from "./demo";
import { pages } from "./paths";

/**
 * axe-core's serious and critical violations, with the first offending elements, for a readable failure. Checked
 * once the page is live: data that is not live is dimmed on purpose (and the badge says why).
 */
async function serious(page: Page): Promise<string[]> {
  await expect(page.getByTestId("connection").first()).toHaveAttribute("data-state", "live");
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

for (const theme of ["light", "dark"] as const) {
  test(`${theme} theme: list, detail and edit pages have no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(240_000);
    const cs = await eventually(midRollout, "a mid-rollout CloneSet");
    const { name, namespace } = cs.metadata;
    const ctx = sandboxAdmin().context;
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);

    await page.goto(pages.workloads(ctx));
    await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
    await expect(page.getByTestId("statefulset-row").first()).toBeVisible();
    expect(await serious(page), "list").toEqual([]);

    await page.goto(pages.cloneSet(ctx, namespace, name));
    await expect(page.getByTestId("pod-map-canvas").first()).toBeVisible();
    await expect(page.getByTestId("pod-row").first()).toBeVisible();
    expect(await serious(page), "detail").toEqual([]);

    // The demo's Advanced StatefulSet and DaemonSet pages: by ordinal, by node.
    await page.goto(pages.workload(ctx, "shop", "statefulsets", "orders-db"));
    await expect(page.getByTestId("ordinal").first()).toBeVisible();
    expect(await serious(page), "statefulset detail").toEqual([]);
    await page.goto(pages.workload(ctx, "shop", "daemonsets", "log-agent"));
    await expect(page.getByTestId("node-row").first()).toBeVisible();
    expect(await serious(page), "daemonset detail").toEqual([]);

    await page.goto(pages.edit(ctx, namespace, "clonesets", name));
    await expect(page.getByTestId("yaml-editor").locator(".monaco-editor").first()).toBeVisible();
    expect(await serious(page), "edit").toEqual([]);
  });
}

for (const width of [1280, 1920]) {
  test(`at ${width} px the list of every kind has no horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages.workloads(sandboxAdmin().context));
    await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
    const overflow = await page.evaluate(() => {
      const table = document.querySelector("[data-testid=workload-table]")!;
      const box = table.parentElement!;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: box.scrollWidth - box.clientWidth,
      };
    });
    expect(overflow).toEqual({ page: 0, table: 0 });
  });
}
