import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { kubectlJson, sandboxAdmin } from "./cluster";
import { pages } from "./paths";
import { focusEditor, editorLines } from "./monaco";

// Kruise Rollout in the console, on the sandbox demo: CloneSet `checkout` (4 replicas) under Rollout `checkout`
// with steps [1 + pause {}, "50%" + pause 20 s, "100%"], waiting for approval at step 1.

interface RolloutJ {
  metadata: { name: string; namespace: string };
  status?: { phase?: string; canaryStatus?: { currentStepIndex?: number; currentStepState?: string } };
}
interface CloneSetJ {
  spec: { template: { spec: { containers: { image: string }[] } } };
}

const rollouts = () => kubectlJson<{ items: RolloutJ[] }>("get", "rollouts.rollouts.kruise.io", "-A").items;
const checkout = () => rollouts().find((r) => r.metadata.name === "checkout");

/** Polls kubectl state (no fixed sleeps): generous timeout for a loaded machine. */
async function until<T>(what: string, f: () => T | undefined | false, timeout = 120_000): Promise<T> {
  let v: T | undefined | false;
  await expect
    .poll(
      () => {
        v = f();
        return !!v;
      },
      { message: what, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return v as T;
}

let NS = "";
const detail = () => pages.cloneSet(sandboxAdmin().context, NS, "checkout");

test.beforeAll(async () => {
  // Run first on a fresh sandbox, the demo's 1,000-pod CloneSet keeps the kubelet simulator busy: at load 10 on
  // two cores, checkout reached its first pause about 5 minutes after start (same with the kubelet before its
  // one-sync-per-pod change: 311 s against 315 s, side by side).
  test.setTimeout(480_000);
  const r = await until(
    "the demo's Rollout checkout waiting for approval at step 1",
    () => {
      const c = checkout();
      return c?.status?.canaryStatus?.currentStepState === "StepPaused" && c.status.canaryStatus.currentStepIndex === 1
        ? c
        : undefined;
    },
    420_000,
  );
  NS = r.metadata.namespace;
});

async function openDetail(page: Page) {
  await page.goto(detail());
  await expect(page.getByTestId("kruise-rollout")).toBeVisible();
}

test("a user without rollouts/status patch rights sees Approve disabled, with the reason", async ({ page }) => {
  // The sandbox kubeconfig's `<context>-deployer` context: may patch CloneSets in shop, not Rollouts.
  await page.goto(pages.cloneSet(`${sandboxAdmin().context}-deployer`, NS, "checkout"));
  const approve = page.getByTestId("rollout-action-approve");
  await expect(approve.getByTestId("rollout-action-approve-why")).toContainText(
    "Unavailable: You may not patch rollouts/status",
  );
  await expect(approve.getByRole("button", { name: "Approve step 1" })).toBeDisabled();
});

test("checkout waits at step 1; approve runs step 2 to its timer and step 3 completes; the partition slider is absent", async ({
  page,
}) => {
  await openDetail(page);
  const badge = page.getByTestId("rollout-badge").first();
  await expect(badge).toContainText("Rollout checkout: step 1/3, waiting for approval");
  await expect(page.locator("[data-testid=rollout-strip-step][data-place=current]")).toContainText("Step 1 of 3");
  await expect(page.getByTestId("rollout-state")).toContainText("waiting for approval to leave step 1");

  // No fighting: the partition slider is gone, with the reason.
  await expect(page.getByRole("slider", { name: /Partition/ })).toHaveCount(0);
  await expect(page.getByTestId("rollout-owned")).toContainText("Kruise Rollout checkout");
  await expect(page.getByTestId("pause-control")).toHaveCount(0);

  // The exact request first, then the approve.
  const approve = page.getByTestId("rollout-action-approve");
  await approve.getByRole("button", { name: "Show request" }).click();
  await expect(approve.getByTestId("shown-request")).toContainText("/rollouts/checkout/status");
  await expect(approve.getByTestId("shown-request")).toContainText('"currentStepState": "StepReady"');
  await approve.getByRole("button", { name: "Approve step 1" }).click();
  await expect(page.getByTestId("rollout-action-done")).toContainText("Step 1 approved");

  // Step 2 upgrades its batch, then pauses on its 20 s timer, counting up.
  await expect(page.getByTestId("rollout-badge").first()).toContainText("step 2/3");
  await expect(page.getByTestId("rollout-state")).toContainText(/paused \d+ s of 20/, { timeout: 90_000 });
  // Step 3 ("100%") completes and the Rollout hands the CloneSet back: healthy.
  await expect(page.getByTestId("rollout-state")).toContainText("healthy", { timeout: 120_000 });
  await until("phase Healthy", () => checkout()?.status?.phase === "Healthy");
  await expect(page.locator("[data-testid=rollout-strip-step][data-place=done]")).toHaveCount(3);
  await expect(page.getByTestId("rollout-events")).toContainText("RolloutApproved");
});

test("a template edit in the editor says which release it will start, and saving starts it", async ({ page }) => {
  await until("checkout healthy", () => checkout()?.status?.phase === "Healthy");
  const image = kubectlJson<CloneSetJ>("get", "clonesets.apps.kruise.io", "checkout", "-n", NS).spec.template.spec
    .containers[0].image;
  await page.goto(pages.edit(sandboxAdmin().context, NS, "clonesets", "checkout"));
  await expect(editorLines(page)).toContainText("kind: CloneSet", {
    timeout: 60_000,
  });
  await focusEditor(page);
  await page.keyboard.press("Control+H");
  await page.locator(".find-widget textarea[aria-label=Find]").fill(`image: ${image}`);
  await page.locator(".find-widget textarea[aria-label=Replace]").fill(`image: ${image}-next`);
  await page.locator(".find-widget textarea[aria-label=Replace]").press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rollout-release-start")).toContainText(
    "this change will start Rollout checkout: step 1 of 3 will update 1 pod",
  );
  await page.getByTestId("save").click();
  await page.getByTestId("send").click();
  await expect(page.getByTestId("notice")).toContainText("Saved");
  await until("a new release waiting at step 1", () => {
    const c = checkout();
    return c?.status?.phase === "Progressing" && c.status.canaryStatus?.currentStepIndex === 1;
  });
  await openDetail(page);
  await expect(page.getByTestId("rollout-badge").first()).toContainText("step 1/3", { timeout: 60_000 });
});
