/** Working in the YAML editor (Monaco) the way a user does. */
import type { Locator, Page } from "@playwright/test";

/** The editor's text: every rendered line. */
export const editorLines = (page: Page): Locator => page.locator("[data-testid=yaml-editor] .view-lines");

/**
 * Clicks into the editor's text, as a user does: on the middle one of the lines Monaco has drawn, which are the lines
 * in view. Not a point of `.view-lines`, which spans the whole document: its centre had Playwright scroll it into
 * view under Monaco's sticky scroll, which took the click; its top-left, once the editor had scrolled, lay above the
 * editor's clipped viewport, where nothing could be clicked (specs waited out their 3 minutes on both).
 */
export async function clickIntoEditor(page: Page): Promise<void> {
  const drawn = editorLines(page).locator(".view-line");
  const n = await drawn.count();
  await drawn.nth(Math.floor(n / 2)).click({ position: { x: 2, y: 2 } });
}
