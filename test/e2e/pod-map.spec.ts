import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { pages } from "./paths";

// A fresh namespace per worker: after a worker restart the last one may still be terminating.
const NS = `e2e-podmap-${Math.random().toString(36).slice(2, 7)}`;
const NAME = "mapped";

/** The colour of a pod's square on its revision's canvas, as "r,g,b". */
async function squareColour(page: Page, revision: string, index: number): Promise<string> {
  return page.locator(`[data-testid=pod-map-canvas][data-revision="${revision}"]`).evaluate((c, i) => {
    const el = c as HTMLCanvasElement;
    const cell = Number(el.dataset.cell),
      gap = Number(el.dataset.gap),
      cols = Number(el.dataset.cols);
    const dpr = el.width / el.clientWidth;
    // 2 px in from the top-left corner: inside every shape's fill or outline, clear of the batch strip.
    const x = ((i % cols) * (cell + gap) + 1) * dpr;
    const y = (Math.floor(i / cols) * (cell + gap) + 1) * dpr;
    const d = el.getContext("2d")!.getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return `${d[0]},${d[1]},${d[2]}`;
  }, index);
}

/** A CSS colour variable as "r,g,b". */
async function cssColour(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => {
    const probe = document.createElement("div");
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(n);
    document.body.append(probe);
    const m = getComputedStyle(probe).color.match(/\d+/g)!;
    probe.remove();
    return m.slice(0, 3).join(",");
  }, name);
}

test.beforeAll(() => {
  kubectl("create", "namespace", NS);
  kubectlApply({
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name: NAME, namespace: NS },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: NAME } },
      template: { metadata: { labels: { app: NAME } }, spec: { containers: [{ name: "app", image: "nginx:1.25" }] } },
      // A grace period keeps each pod visibly "updating in place" for a few seconds in the fast sandbox.
      updateStrategy: {
        type: "InPlaceIfPossible",
        maxUnavailable: 1,
        inPlaceUpdateStrategy: { gracePeriodSeconds: 4 },
      },
    },
  });
});
test.afterAll(() => {
  kubectl("delete", "namespace", NS, "--wait=false");
});

test("the pod map's squares go updating → ready as the sandbox rolls the CloneSet in place, without a reload", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(pages.cloneSet(sandboxAdmin().context, NS, NAME));
  await expect(page.getByTestId("pod-map-summary")).toHaveText("3 pods: 3 ready", { timeout: 120_000 });
  // Record every state each pod shows (the list alternative renders the same cells the canvas draws).
  await page.getByText("Pod map as a list").click();
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const note = () =>
      document.querySelectorAll<HTMLElement>("[data-testid=pod-map-item]").forEach((li) => {
        const s = (seen[li.dataset.name!] ??= []);
        if (s[s.length - 1] !== li.dataset.state) s.push(li.dataset.state!);
      });
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  kubectl(
    "patch",
    "clonesets.apps.kruise.io",
    NAME,
    "-n",
    NS,
    "--type=merge",
    "-p",
    JSON.stringify({ spec: { template: { spec: { containers: [{ name: "app", image: "nginx:1.26" }] } } } }),
  );

  const updateRevision = () =>
    kubectlJson<{ status?: { updateRevision?: string; updatedReadyReplicas?: number } }>(
      "get",
      "clonesets.apps.kruise.io",
      NAME,
      "-n",
      NS,
    ).status;
  await expect.poll(() => updateRevision()?.updatedReadyReplicas, { timeout: 120_000 }).toBe(3);
  const rev = updateRevision()!.updateRevision!;
  // The page's stream may trail kubectl on a busy machine, and "3 pods: 3 ready" was also true before the update:
  // wait for the page's own update-revision group to hold all three, ready.
  await expect(page.locator(`[data-testid=pod-map-group][data-revision="${rev}"]`)).toContainText("3 pods: 3 ready");
  await expect(page.getByTestId("pod-map-summary")).toHaveText("3 pods: 3 ready");
  const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, string[]> }).__seen);
  const went = Object.values(seen).filter((s) => s.join(">").includes("updating>ready"));
  expect(went.length, JSON.stringify(seen)).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

  // The canvas draws the update revision's ready squares in the theme's "ok" colour.
  expect(await squareColour(page, rev, 0)).toBe(await cssColour(page, "--ok"));

  // Hover shows the pod's line; click scrolls the table to its row and marks it.
  const canvas = page.locator(`[data-testid=pod-map-canvas][data-revision="${rev}"]`);
  await canvas.hover({ position: { x: 4, y: 4 } });
  const tip = page.getByTestId("pod-map-tip");
  await expect(tip).toContainText("ready");
  const pod = (await tip.locator(".mono").textContent())!.split(" · ")[0];
  await canvas.click({ position: { x: 4, y: 4 } });
  await expect(page.locator(`[data-testid=pod-row][data-name="${pod}"]`)).toHaveClass(/selected/);
  await expect(page.locator(`[data-testid=pod-row][data-name="${pod}"]`)).toBeInViewport();
});

test("the pod map is keyboard- and screen-reader-usable: counts as text, arrow keys read each pod", async ({
  page,
}) => {
  await page.goto(pages.cloneSet(sandboxAdmin().context, NS, NAME));
  await expect(page.getByTestId("pod-map-summary")).toContainText("3 pods");
  const canvas = page.getByTestId("pod-map-canvas").first();
  await expect(canvas).toHaveAttribute("aria-label", /3 pods/);
  await canvas.focus();
  await expect(page.getByTestId("pod-map-tip")).toContainText(NAME);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("pod-map-tip")).toBeVisible();
});
