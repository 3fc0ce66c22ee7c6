import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sandboxAdmin } from "./cluster";
import { eventually, midRollout } from "./demo";
import { pages } from "./paths";

type Theme = "light" | "dark";

/** The saved theme, applied before first paint exactly as the toggle's choice is. */
async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

/** Relative luminance 0..1 of a CSS colour "rgb(r, g, b)". */
async function luminance(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
}

// Kept as test artifacts; UPDATE_SCREENSHOTS=1 also refreshes the README's (docs/screenshots).
async function shoot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await test.info().attach(name, { path: file, contentType: "image/png" });
  if (process.env.UPDATE_SCREENSHOTS)
    await page.screenshot({ path: path.resolve(__dirname, "../../docs/screenshots", `${name}.png`) });
}

for (const theme of ["light", "dark"] as Theme[]) {
  test(`${theme} theme: list, detail with map and timeline, and the editor all follow it`, async ({ page }) => {
    test.setTimeout(240_000);
    const cs = await eventually(midRollout, "a mid-rollout CloneSet");
    const { name, namespace } = cs.metadata;
    const ctx = sandboxAdmin().context;
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(pages.cloneSets(ctx));
    await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
    const bg = await luminance(page, "body");
    expect(theme === "dark" ? bg < 0.2 : bg > 0.8, `page background ${bg}`).toBe(true);
    await page.waitForTimeout(1500);
    await shoot(page, theme === "light" ? "list" : "list-dark");

    await page.goto(pages.cloneSet(ctx, namespace, name));
    await expect(page.getByTestId("pod-map-canvas").first()).toBeVisible();
    await expect(page.getByTestId("timeline-chart")).toBeVisible();
    await page.waitForTimeout(1000);
    await shoot(page, theme === "light" ? "detail" : "detail-dark");
    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByTestId("timeline")).toBeInViewport();
    await shoot(page, theme === "light" ? "detail-history" : "detail-history-dark");

    // A narrow window: the header's facts stack, the list takes its narrow layout.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(pages.cloneSet(ctx, namespace, name));
    await expect(page.getByTestId("pod-map-canvas").first()).toBeVisible();
    // The actions once the access review has answered (they are disabled, greyed, until then).
    await expect(page.getByTestId("action-bar").getByRole("button").first()).toBeEnabled();
    await shoot(page, theme === "light" ? "detail-800" : "detail-800-dark");
    await page.goto(pages.cloneSets(ctx));
    await expect(page.getByTestId("cloneset-row").first()).toBeVisible();
    await shoot(page, theme === "light" ? "list-800" : "list-800-dark");
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(pages.edit(ctx, namespace, "clonesets", name));
    const editor = page.getByTestId("yaml-editor");
    await expect(editor).toHaveAttribute("data-editor-theme", theme === "dark" ? "vs-dark" : "vs");
    await expect(editor.locator(".monaco-editor").first()).toBeVisible();
    const ed = await luminance(page, "[data-testid=yaml-editor] .monaco-editor-background");
    expect(theme === "dark" ? ed < 0.25 : ed > 0.8, `editor background ${ed}`).toBe(true);
    await shoot(page, theme === "light" ? "editor" : "editor-dark");
  });
}

test("the editor switches theme with the page's toggle, without a reload", async ({ page }) => {
  const cs = await eventually(midRollout, "a mid-rollout CloneSet");
  await useTheme(page, "light");
  await page.goto(pages.edit(sandboxAdmin().context, cs.metadata.namespace, "clonesets", cs.metadata.name));
  const editor = page.getByTestId("yaml-editor");
  await expect(editor).toHaveAttribute("data-editor-theme", "vs");
  await page.getByRole("button", { name: /^Theme: light/ }).click();
  await expect(editor).toHaveAttribute("data-editor-theme", "vs-dark");
});
