/** The partition slider and its preview, driven and read as a keyboard user sees them (rollout and real specs). */
import { expect, type Page } from "@playwright/test";

/** Polls kubectl state (no fixed sleeps): generous timeout for a loaded machine. */
export async function until<T>(what: string, f: () => T | undefined | false, timeout = 60_000): Promise<T> {
  let v: T | undefined | false;
  await expect
    .poll(
      () => {
        v = f();
        return !!v;
      },
      { message: what, timeout, intervals: [200, 500, 1000] },
    )
    .toBe(true);
  return v as T;
}

export async function setSlider(page: Page, to: number) {
  const slider = page.getByRole("slider", { name: /Partition/ });
  // Keys pressed while the permission check is pending would be dropped: a user waits for the control too.
  await expect(slider).toBeEnabled();
  const from = Number(await slider.inputValue());
  await slider.focus();
  for (let i = 0; i < Math.abs(from - to); i++) await slider.press(from > to ? "ArrowLeft" : "ArrowRight");
  await expect(slider).toHaveValue(String(to));
  // The preview follows the slider a render behind (it orders every pod): read it once it is for this value.
  await expect(
    page.getByTestId("partition-control").locator(`[data-partition="${to}"]:not([aria-busy])`).first(),
  ).toBeVisible();
}

export interface ShownPreview {
  count: number;
  exact: string[];
  ties: { count: number; of: string[] }[];
  /** every pod the preview allows to move */
  allowed: string[];
}

/** The preview's whole pick as the page shows it, read in one pass (never across two renders). */
export async function readPreview(page: Page): Promise<ShownPreview> {
  return page.getByTestId("preview-will-move").evaluate((block) => {
    const attr = (e: Element, a: string) => e.getAttribute(a) ?? "";
    const exact = [...block.querySelectorAll('[data-testid="preview-pod"]')].map((e) => attr(e, "data-name"));
    const ties = [...block.querySelectorAll('[data-testid="preview-tie"]')].map((e) => ({
      count: Number(attr(e, "data-count")),
      of: attr(e, "data-of").split(","),
    }));
    return {
      count: Number(attr(block, "data-count")),
      exact,
      ties,
      allowed: [...exact, ...ties.flatMap((g) => g.of)],
    };
  });
}

/**
 * What a preview promised and the pods that moved disagree on, as messages (empty when it held): every pod that moved
 * was allowed, every pod named exactly moved, and each tie group gave exactly its count.
 */
export function previewBreaks(shown: ShownPreview, moved: string[]): string[] {
  const out: string[] = [];
  for (const n of moved) if (!shown.allowed.includes(n)) out.push(`${n} moved but the preview did not allow it`);
  for (const n of shown.exact) if (!moved.includes(n)) out.push(`${n} was named exactly but did not move`);
  for (const g of shown.ties) {
    const got = moved.filter((n) => g.of.includes(n)).length;
    if (got !== g.count) out.push(`${got} of tie group [${g.of.join(", ")}] moved, the preview said ${g.count}`);
  }
  return out;
}
