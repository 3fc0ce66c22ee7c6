/** Working in the YAML editor (Monaco) the way a user does. */
import type { Locator, Page } from "@playwright/test";

/** The editor's text: every rendered line. */
export const editorLines = (page: Page): Locator => page.locator("[data-testid=yaml-editor] .view-lines");

/**
 * Clicks into the editor's first line, as a user clicks into the text. Not the centre of `.view-lines`, which spans
 * the whole document: Playwright scrolls that point into view, Monaco's sticky scroll then covers it, and the click
 * lands on the sticky line (a spec once waited out its 3 minutes on that).
 */
export const clickIntoEditor = (page: Page): Promise<void> => editorLines(page).click({ position: { x: 10, y: 10 } });
