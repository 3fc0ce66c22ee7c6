import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { kubectl, sandboxAdmin } from "./cluster";
import { eventually, midRollout } from "./demo";
import { pages } from "./paths";
import { setSlider } from "./slider";
import { editorLines, replaceAll } from "./monaco";
import { applyCloneSet, cloneSet, dropNamespace, ownNamespace, until } from "./workloads";

// A page that reads at a glance, in Chromium at 800, 1,440 and 1,920 px: the detail header's facts never run into
// each other, the list's headers are never cut, the list says why in the row, the detail page has sections to jump
// between and the timeline starts at creation with each change once. These only read the demo, or work in a
// namespace of their own.

const ctx = () => sandboxAdmin().context;

/** Pairs of boxes (the rendered text of each fact and label of the header) that intersect. */
async function overlapsIn(section: Locator): Promise<string[]> {
  return section.evaluate((root) => {
    const boxes: { what: string; r: DOMRect }[] = [];
    for (const el of root.querySelectorAll<HTMLElement>("dl > dt, dl > dd")) {
      // The content's own box (a Range covers text that overflows its cell), not the grid cell.
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push({ what: `${el.tagName} "${el.textContent?.slice(0, 40)}"`, r });
    }
    const out: string[] = [];
    const cut = 0.5; // sub-pixel rounding between neighbours is not an overlap
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r;
        const b = boxes[j].r;
        if (a.left < b.right - cut && b.left < a.right - cut && a.top < b.bottom - cut && b.top < a.bottom - cut)
          out.push(`${boxes[i].what} × ${boxes[j].what}`);
      }
    return out;
  });
}

/** Header cells of the list whose text is cut (wider than the cell shows). */
async function clippedHeaders(page: Page): Promise<string[]> {
  return page.getByTestId("workload-table").evaluate((table) =>
    [...table.querySelectorAll<HTMLElement>("thead th")]
      .flatMap((th) => [th, ...th.querySelectorAll<HTMLElement>("button")])
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`),
  );
}

for (const width of [800, 1280, 1440, 1920]) {
  test(`the detail header holds at ${width} px: no two boxes overlap`, async ({ page }) => {
    const cs = await eventually(midRollout, "a mid-rollout CloneSet");
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages.cloneSet(ctx(), cs.metadata.namespace, cs.metadata.name));
    const header = page.locator("section[aria-labelledby=hdr]");
    await expect(header.getByTestId("header-images")).toBeVisible();
    expect(await overlapsIn(header)).toEqual([]);
  });

  test(`the list's headers are whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages.workloads(ctx()));
    await expect(page.locator("[data-testid$=-row]").first()).toBeVisible();
    expect(await clippedHeaders(page)).toEqual([]);
    if (width < 1280) {
      // The narrow layout hides the lower-priority columns; "All columns" brings them back, whole too.
      await expect(page.getByRole("columnheader", { name: "STRATEGY" })).toHaveCount(0);
      await page.getByLabel("All columns").check();
      await expect(page.getByRole("columnheader", { name: "STRATEGY" })).toBeVisible();
      expect(await clippedHeaders(page)).toEqual([]);
    }
  });
}

for (const width of [800, 1440]) {
  test(`above the fold at ${width} px: the state, the action bar, the partition and the progress`, async ({ page }) => {
    const cs = await eventually(midRollout, "a mid-rollout CloneSet");
    await page.setViewportSize({ width, height: 900 });
    await page.goto(pages.cloneSet(ctx(), cs.metadata.namespace, cs.metadata.name));
    for (const el of [
      page.getByTestId("bar-state"),
      page.getByTestId("action-bar"),
      page.getByTestId("partition"),
      page.getByRole("progressbar").first(),
    ]) {
      await expect(el).toBeVisible();
      const box = (await el.boundingBox())!;
      expect(box.y + box.height, (await el.textContent()) ?? "").toBeLessThanOrEqual(900);
    }
  });
}

test("at 800 px a stuck CloneSet's page says why above the fold", async ({ page }) => {
  await eventually(
    (l) => l.find((c) => c.metadata.name === "ledger" && (c.status?.updatedReplicas ?? 0) > 0),
    "ledger rolling its bad image",
  );
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto(pages.cloneSet(ctx(), "payments", "ledger"));
  await expect(page.getByTestId("bar-state")).toHaveAttribute("data-state", "stuck");
  const why = page.getByTestId("action-bar").getByText(/ImagePullBackOff|ErrImagePull/);
  await expect(why).toBeInViewport();
  await expect(page.getByTestId("stuck-reason")).toBeInViewport();
});

test("the list says why a CloneSet is stuck in its row, and how many need attention on the page", async ({ page }) => {
  await eventually(
    (l) => l.find((c) => c.metadata.name === "ledger" && (c.status?.updatedReplicas ?? 0) > 0),
    "ledger rolling its bad image",
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(pages.workloads(ctx()));
  const row = page.locator(`[data-testid=cloneset-row][data-name="ledger"]`);
  await expect(row.getByTestId("state")).toHaveAttribute("data-state", "stuck");
  await expect(row.getByTestId("row-reason")).toBeVisible();
  await expect(row.getByTestId("row-reason")).toContainText(/ImagePullBackOff|ErrImagePull/);

  const chip = page.getByTestId("attention-chip");
  await expect(chip).toContainText(/\d+ needs? attention/);
  const count = Number((await chip.textContent())!.match(/(\d+) need/)![1]);
  await expect(page).toHaveTitle(new RegExp(`${count} need attention`));
  await chip.click();
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/sort=attention/);
  await expect(page.locator("[data-testid$=-row]").first().getByTestId("state")).toHaveAttribute("data-state", "stuck");
});

test("the list's AGE is never cut and its images never break mid-word at 1,440 px; each image is whole on focus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(pages.workloads(ctx()));
  await expect(page.locator("[data-testid$=-row]").first()).toBeVisible();
  const cutAges = await page
    .locator("td[data-col=age]")
    .evaluateAll((tds) => tds.filter((td) => td.scrollWidth > td.clientWidth).map((td) => td.textContent));
  expect(cutAges).toEqual([]);
  const refs = page.getByTestId("image-ref");
  // One line each: an image reference is never wrapped inside a word.
  const lines = await refs.evaluateAll((els) =>
    els.map((el) => ({
      image: el.getAttribute("title"),
      lines: new Set([...el.children].map((c) => c.getBoundingClientRect().top)).size,
    })),
  );
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) expect(l.lines, l.image!).toBe(1);
  const long = page.locator(`[data-testid=image-ref][data-image*="registry.example.com/shop/cart"]`).first();
  await expect(long).toHaveAttribute("title", /^registry\.example\.com\/shop\/cart:/);
  await long.focus();
  await expect(long).toBeFocused();
  const whole = await long.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(whole).toBe(true);
});

test("the revision bar's 5/5 is explained: a legend above the list and words for each bar", async ({ page }) => {
  const cs = await eventually(midRollout, "a mid-rollout CloneSet");
  await page.goto(pages.workloads(ctx()));
  await expect(page.getByTestId("revision-legend")).toContainText("pods on the update revision / the target");
  const row = page.locator(`[data-testid=cloneset-row][data-name="${cs.metadata.name}"]`);
  const shown = (await row.getByTestId("revision-count").textContent())!;
  const [updated, target] = shown.split("/");
  await expect(row.getByText(new RegExp(`^${updated} of ${target} on the update revision, \\d+ ready$`))).toHaveCount(
    1,
  );
  await expect(row.getByTestId("revision-count")).toHaveAttribute("title", /on the update revision/);
});

test("the detail page has sections to jump between, a sticky nav that marks the current one, and a skip link", async ({
  page,
}) => {
  const cs = await eventually(midRollout, "a mid-rollout CloneSet");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(pages.cloneSet(ctx(), cs.metadata.namespace, cs.metadata.name));
  const nav = page.getByRole("navigation", { name: "Sections of this page" });
  await expect(nav.getByRole("link")).toHaveText(["Summary", "Pods", "Update", "History", "Events"]);
  await expect(nav.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "location");

  // The keyboard reaches the skip link first, and it moves focus to the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // A section link, by keyboard: the page jumps there, the nav stays in view and marks it.
  await nav.getByRole("link", { name: "History" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#history$/);
  await expect(page.getByTestId("timeline")).toBeInViewport();
  await expect(nav).toBeInViewport();
  await expect(nav.getByRole("link", { name: "History" })).toHaveAttribute("aria-current", "location");
  await expect(nav.getByRole("link", { name: "Summary" })).not.toHaveAttribute("aria-current", "location");
  await nav.getByRole("link", { name: "Events" }).click();
  await expect(nav.getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "location");
});

test("Enter on a pod in the pod map moves focus to that pod's row", async ({ page }) => {
  const cs = await eventually(midRollout, "a mid-rollout CloneSet");
  await page.goto(pages.cloneSet(ctx(), cs.metadata.namespace, cs.metadata.name));
  const canvas = page.getByTestId("pod-map-canvas").first();
  await canvas.focus();
  await canvas.press("ArrowRight");
  await canvas.press("Enter");
  const row = page.locator("tr[data-testid=pod-row].selected");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("pod-link")).toBeFocused();
  await expect(row).toBeInViewport();
});

test("the timeline starts at creation and shows the partition change once", async ({ page }) => {
  test.setTimeout(300_000);
  const ns = ownNamespace("glance", test.info().repeatEachIndex);
  try {
    applyCloneSet(ns, "tl", 3, "nginx:1.0", { partition: 3 });
    await until("3 ready pods", () => cloneSet(ns, "tl").status?.readyReplicas === 3);
    applyCloneSet(ns, "tl", 3, "nginx:1.1", { partition: 3 });
    const created = kubectl(
      "get",
      "clonesets.apps.kruise.io",
      "tl",
      "-n",
      ns,
      "-o",
      "jsonpath={.metadata.creationTimestamp}",
    ).trim();
    await page.goto(pages.cloneSet(ctx(), ns, "tl"));
    await expect(page.getByTestId("timeline-chart")).toHaveAttribute("data-from", created.replace(/Z$/, ".000Z"));

    await setSlider(page, 2);
    await page.getByRole("button", { name: "Apply partition" }).click();
    await expect(page.getByTestId("applied")).toContainText("→ 2");
    const partitionMarks = page.locator("[data-testid=timeline-mark][data-kind=partition]");
    await expect(partitionMarks.filter({ hasText: "partition 3 → 2" })).toHaveCount(1);
    await expect(partitionMarks).toHaveCount(1);
    await expect(partitionMarks).not.toContainText("by kruise-console");
    // After a reload (no live diff): still once, from the console's Event, naming the user.
    await page.reload();
    await expect(page.locator("[data-testid=timeline-mark][data-kind=partition]")).toHaveCount(1);
    await expect(page.locator("[data-testid=timeline-mark][data-kind=partition]")).toContainText("partition 3 → 2");
    // The glyphs of nearby marks stack instead of printing over each other.
    const glyphs = await page
      .getByTestId("timeline-glyph")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
    for (let i = 0; i < glyphs.length; i++)
      for (let j = i + 1; j < glyphs.length; j++) {
        const [a, b] = [glyphs[i], glyphs[j]];
        const overlap =
          a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        expect(overlap, `glyphs ${i} and ${j}`).toBe(false);
      }
  } finally {
    dropNamespace(ns);
  }
});

test("the diff tab collapses unchanged lines and jumps to the change", async ({ page }) => {
  test.setTimeout(240_000);
  const ns = ownNamespace("glance-diff", test.info().repeatEachIndex);
  try {
    applyCloneSet(ns, "df", 1, "nginx:1.0");
    await page.goto(pages.edit(ctx(), ns, "clonesets", "df"));
    await expect(editorLines(page)).toContainText("kind: CloneSet", { timeout: 60_000 });
    await replaceAll(page, "image: nginx:1.0", "image: nginx:1.1");
    await page.getByRole("tab", { name: "Diff" }).click();
    const diff = page.getByTestId("diff-editor");
    await expect(page.getByTestId("diff-count")).toHaveText("1 change");
    await expect(page.getByLabel("Collapse unchanged lines")).toBeChecked();
    await expect(diff.locator(".diff-hidden-lines").first()).toBeAttached();
    await page.getByRole("button", { name: "↓ Next change" }).click();
    await expect(diff.locator(".editor.modified .view-lines")).toContainText("nginx:1.1");
    await page.getByLabel("Collapse unchanged lines").uncheck();
    await expect(diff.locator(".diff-hidden-lines")).toHaveCount(0);
    await page.getByRole("button", { name: "↑ Previous change" }).click();
    await expect(diff.locator(".editor.modified .view-lines")).toContainText("nginx:1.1");
  } finally {
    kubectl("delete", "namespace", ns, "--wait=false");
  }
});
