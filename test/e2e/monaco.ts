/** Working in the YAML editor (Monaco) the way a keyboard user does. */
import { expect, type Locator, type Page } from "@playwright/test";

const EDITOR = "[data-testid=yaml-editor]";

/** The editor's text: every rendered line. */
export const editorLines = (page: Page): Locator => page.locator(`${EDITOR} .view-lines`);

/**
 * Puts the keyboard in the editor, as Tab does: focus goes to Monaco's text input, and the editor says it has focus.
 * No pointer click: a click lands on whatever is drawn at that point, and Monaco draws over its own lines (sticky
 * scroll, hover widgets), scrolls under the pointer, and the page may still be laying out around it; every one of
 * those made a click wait out the test's timeout on a loaded machine. What the specs exercise is typing and saving.
 */
export async function focusEditor(page: Page): Promise<void> {
  await expect(editorLines(page)).toBeVisible();
  await page.locator(`${EDITOR} textarea.inputarea`).focus();
  await expect(page.locator(`${EDITOR} .monaco-editor.focused`)).toHaveCount(1);
}

/** Monaco's own find/replace widget (Ctrl+H), typed into like a user does. */
export async function replaceAll(page: Page, find: string, replace: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press("Control+H");
  const findBox = page.locator(".find-widget textarea[aria-label=Find]");
  await findBox.fill(find);
  const replaceBox = page.locator(".find-widget textarea[aria-label=Replace]");
  await replaceBox.fill(replace);
  await replaceBox.press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await expect(editorLines(page)).toContainText(replace.trim());
}
