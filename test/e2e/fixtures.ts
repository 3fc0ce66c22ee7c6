/**
 * The `test` every spec uses: Playwright's, plus two things every page gets.
 *
 * - An uncaught error in any page fails the test that opened it (the console must never throw in the browser).
 * - `E2E_CPU_THROTTLE=<n>` slows every page's CPU n× through Chromium's DevTools protocol, to prove a spec waits
 *   for conditions rather than for luck (CONTRIBUTING.md, "Running tests").
 */
import { test as base, type BrowserContext, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

const THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? "1");

async function throttle(page: Page): Promise<void> {
  if (!(THROTTLE > 1)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
}

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ browser, context }, use) => {
      const errors: string[] = [];
      const watch = (c: BrowserContext) => {
        c.on("weberror", (e) => errors.push(`${e.page()?.url() ?? "a page"}: ${e.error().stack ?? e.error().message}`));
        c.on("page", (p) => void throttle(p).catch(() => undefined));
      };
      watch(context);
      for (const p of context.pages()) void throttle(p).catch(() => undefined);
      // Specs that sign in as several users open contexts of their own; they are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const c = await newContext(options);
        watch(c);
        return c;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      if (errors.length) throw new Error(`uncaught error in the page:\n${errors.join("\n")}`);
    },
    { auto: true },
  ],
});
