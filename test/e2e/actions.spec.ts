import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { focusEditor, editorLines } from "./monaco";
import { pages } from "./paths";
import { applyCloneSet, cloneSet, dropNamespace, ownNamespace, pods, settledOn, until } from "./workloads";

// What a release manager is offered when something is wrong, on the sandbox: destructive Rollout actions ask first,
// the previews name the pods (surge, scale-in), a partition above replicas is accepted, and a request the server's
// dry run refused cannot be sent.

interface RolloutJ {
  spec: { disabled?: boolean };
  status?: { phase?: string; canaryStatus?: { currentStepIndex?: number; currentStepState?: string } };
}

const detail = (ns: string, name: string) => pages.cloneSet(sandboxAdmin().context, ns, name);

async function setSlider(page: Page, to: number) {
  const slider = page.getByRole("slider", { name: /Partition/ });
  await expect(slider).toBeEnabled();
  const from = Number(await slider.inputValue());
  await slider.focus();
  for (let i = 0; i < Math.abs(from - to); i++) await slider.press(from > to ? "ArrowLeft" : "ArrowRight");
  await expect(slider).toHaveValue(String(to));
}

test("Disable and Jump ask before they send; Approve does not look like Disable", async ({ page }) => {
  test.setTimeout(420_000);
  const ns = ownNamespace("e2e-ask", test.info().repeatEachIndex);
  applyCloneSet(ns, "shop", 4, "shop:1.0");
  kubectlApply({
    apiVersion: "rollouts.kruise.io/v1beta1",
    kind: "Rollout",
    metadata: { name: "shop", namespace: ns },
    spec: {
      workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "shop" },
      strategy: {
        canary: { steps: [{ replicas: 1, pause: {} }, { replicas: "50%", pause: {} }, { replicas: "100%" }] },
      },
    },
  });
  const rollout = () => kubectlJson<RolloutJ>("get", "rollouts.rollouts.kruise.io", "shop", "-n", ns);
  await until(
    "the Rollout healthy and the CloneSet labelled",
    () => {
      const labels = kubectlJson<{ metadata: { labels?: Record<string, string> } }>(
        "get",
        "clonesets.apps.kruise.io",
        "shop",
        "-n",
        ns,
      ).metadata.labels;
      return rollout().status?.phase === "Healthy" && !!labels?.["rollouts.kruise.io/workload-type"];
    },
    240_000,
  );
  applyCloneSet(ns, "shop", 4, "shop:2.0");
  const atStep1 = () => {
    const c = rollout().status?.canaryStatus;
    return c?.currentStepIndex === 1 && c.currentStepState === "StepPaused";
  };
  await until("the release waiting for approval at step 1", atStep1, 240_000);

  await page.goto(detail(ns, "shop"));
  const approve = page.getByTestId("bar-approve").getByRole("button", { name: "Approve step 1", exact: true });
  const disable = page.getByTestId("bar-disable").getByRole("button", { name: "Disable Rollout…" });
  const jump = page.getByTestId("bar-jump").getByRole("button", { name: "Jump to step 3…" });
  await expect(approve).toBeEnabled();
  await expect(page.getByTestId("bar-approve")).toHaveAttribute("data-tone", "primary");
  await expect(page.getByTestId("bar-disable")).toHaveAttribute("data-tone", "destructive");
  const look = (b: typeof approve) =>
    b.evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color].join(" "));
  expect(await look(approve)).not.toBe(await look(disable));

  // Jump: asks, says it skips the canary, Escape cancels and nothing is sent.
  await jump.click();
  const jumpDialog = page.getByRole("dialog", { name: "Jump to step 3?" });
  await expect(jumpDialog).toBeVisible();
  await expect(jumpDialog.getByTestId("confirm-effect")).toContainText("Skips ahead to step 3");
  await expect(jumpDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(jump).toBeFocused();
  expect(atStep1()).toBe(true);

  // Disable: asks, says the release finishes at full speed, shows the exact request; Cancel sends nothing.
  await disable.click();
  const disableDialog = page.getByRole("dialog", { name: "Disable Rollout?" });
  await expect(disableDialog.getByTestId("confirm-effect")).toContainText("at the CloneSet's full speed");
  await disableDialog.getByRole("button", { name: "Show request" }).click();
  await expect(disableDialog.getByTestId("shown-request")).toContainText(/"path": "\/spec\/disabled",\s*"value": true/);
  await disableDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(rollout().spec.disabled).toBeFalsy();

  // The Rollout section's own Disable asks too; confirming sends it.
  await page.getByTestId("rollout-action-disable").getByRole("button", { name: "Disable Rollout…" }).click();
  const again = page.getByRole("dialog", { name: "Disable Rollout?" });
  await expect(again).toBeVisible();
  await again.getByTestId("confirm-send").click();
  await until("the Rollout disabled", () => rollout().spec.disabled === true);
  dropNamespace(ns);
});

test("the surge preview names which pods are updated in place and which are deleted, and the pods Kruise then touched are among them", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const ns = ownNamespace("e2e-surge", test.info().repeatEachIndex);
  const surge = { partition: 7, maxSurge: "20%", maxUnavailable: "30%" };
  applyCloneSet(ns, "web", 7, "web:1.0", surge);
  await until("7 ready pods", () => settledOn(ns, "web", 7), 240_000);
  applyCloneSet(ns, "web", 7, "web:2.0", surge);
  await until("a new update revision", () => cloneSet(ns, "web").status?.updatedReplicas === 0);
  const before = Object.fromEntries(pods(ns, "web").map((p) => [p.metadata.name, p.metadata.uid]));

  await page.goto(detail(ns, "web"));
  await setSlider(page, 0);
  const fates = page.getByTestId("preview-fates");
  await expect(page.getByTestId("preview-surge")).toHaveAttribute("data-count", "2");
  await expect(page.getByTestId("preview-surge")).toContainText(
    "at most 4 at a time (maxUnavailable 2 + 2 surge pods)",
  );
  const shown = await fates.evaluate((el) => {
    const list = (id: string) =>
      [...el.querySelectorAll(`[data-testid=${id}]`)].flatMap((x) => (x.getAttribute("data-pods") ?? "").split(","));
    return {
      inPlace: list("fate-in-place").filter(Boolean),
      deleted: list("fate-deleted").filter(Boolean),
      groups: [...el.querySelectorAll("[data-testid=fate-group]")].map((g) => ({
        of: (g.getAttribute("data-of") ?? "").split(","),
        counts: JSON.parse(g.getAttribute("data-counts") ?? "{}") as Record<string, { min: number; max: number }>,
      })),
    };
  });
  const named = [...shown.inPlace, ...shown.deleted, ...shown.groups.flatMap((g) => g.of)];
  expect(named.sort()).toEqual(Object.keys(before).sort());
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("applied")).toContainText("→ 0");

  await until(
    "7 pods on the new revision, the surge pods gone",
    () => {
      const s = cloneSet(ns, "web").status;
      return s?.updatedReadyReplicas === 7 && s.replicas === 7 && pods(ns, "web").length === 7;
    },
    240_000,
  );
  const now = Object.fromEntries(pods(ns, "web").map((p) => [p.metadata.name, p.metadata.uid]));
  const kept = Object.keys(before).filter((n) => now[n] === before[n]);
  const deleted = Object.keys(before).filter((n) => now[n] !== before[n]);
  const why = `preview ${JSON.stringify(shown)}; updated in place ${kept}; deleted ${deleted}`;
  for (const n of shown.inPlace) expect(kept, why).toContain(n);
  for (const n of shown.deleted) expect(deleted, why).toContain(n);
  for (const g of shown.groups) {
    const gone = g.of.filter((n) => deleted.includes(n)).length;
    expect(gone, why).toBeGreaterThanOrEqual(g.counts.deleted?.min ?? 0);
    expect(gone, why).toBeLessThanOrEqual(g.counts.deleted?.max ?? 0);
  }
  dropNamespace(ns);
});

test("the scale-in prediction names the pods that then go", async ({ page }) => {
  test.setTimeout(300_000);
  const ns = ownNamespace("e2e-scale", test.info().repeatEachIndex);
  applyCloneSet(ns, "api", 6, "api:1.0");
  await until("6 ready pods", () => settledOn(ns, "api", 6), 240_000);
  const before = pods(ns, "api").map((p) => p.metadata.name);

  await page.goto(detail(ns, "api"));
  const replicas = page.getByRole("textbox", { name: "Replicas" });
  await expect(replicas).toBeEnabled();
  await replicas.fill("4");
  const preview = page.getByTestId("scale-preview");
  await expect(preview).toHaveAttribute("data-direction", "in");
  await expect(preview).toContainText("Scaling in to 4 deletes 2 pods, in Kruise's order");
  const shown = await preview.evaluate((el) => ({
    exact: [...el.querySelectorAll("[data-testid=scale-pod]")].map((x) => x.getAttribute("data-name") ?? ""),
    ties: [...el.querySelectorAll("[data-testid=scale-tie]")].map((x) => ({
      count: Number(x.getAttribute("data-count")),
      of: (x.getAttribute("data-of") ?? "").split(","),
    })),
  }));
  await page.getByRole("button", { name: "Apply replicas" }).click();
  await expect(page.getByTestId("replicas-applied")).toContainText("Replicas 6 → 4 applied");
  await until("4 pods left", () => pods(ns, "api").length === 4 && cloneSet(ns, "api").status?.replicas === 4);
  const gone = before.filter((n) => !pods(ns, "api").some((p) => p.metadata.name === n));
  const why = `preview ${JSON.stringify(shown)}; deleted ${gone}`;
  expect(gone, why).toHaveLength(2);
  for (const n of shown.exact) expect(gone, why).toContain(n);
  for (const g of shown.ties)
    expect(
      gone.filter((n) => g.of.includes(n)),
      why,
    ).toHaveLength(g.count);
  dropNamespace(ns);
});

test("partition 11 of 10 is accepted: a freeze before a scale-out", async ({ page }) => {
  const ns = ownNamespace("e2e-p11", test.info().repeatEachIndex);
  applyCloneSet(ns, "frozen", 10, "frozen:1.0", { partition: 0 });
  await page.goto(detail(ns, "frozen"));
  const field = page.getByRole("textbox", { name: /Partition value/ });
  await expect(field).toBeEnabled();
  await field.fill("11");
  await expect(page.getByTestId("partition-invalid")).toHaveCount(0);
  await expect(page.getByTestId("partition-note")).toContainText("Partition 11 is above replicas (10)");
  await expect(page.getByTestId("preview-keep")).toContainText("10 pods stay on the old revision");
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("applied")).toContainText("→ 11");
  expect(cloneSet(ns, "frozen").spec.updateStrategy.partition).toBe(11);
  dropNamespace(ns);
});

test("Send this request is disabled after the server's dry run refused it", async ({ page }) => {
  const ns = ownNamespace("e2e-dry", test.info().repeatEachIndex);
  applyCloneSet(ns, "refused", 1, "refused:1.0");
  await until("the webhook's defaults on the template", () =>
    kubectl("get", "clonesets.apps.kruise.io", "refused", "-n", ns, "-o", "yaml").includes("restartPolicy: Always"),
  );
  await page.goto(pages.edit(sandboxAdmin().context, ns, "clonesets", "refused"));
  await expect(editorLines(page)).toContainText("kind: CloneSet", { timeout: 60_000 });
  await focusEditor(page);
  await page.keyboard.press("Control+H");
  await page.locator(".find-widget textarea[aria-label=Find]").fill("restartPolicy: Always");
  await page.locator(".find-widget textarea[aria-label=Replace]").fill("restartPolicy: Never");
  await page.locator(".find-widget textarea[aria-label=Replace]").press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await expect(editorLines(page)).toContainText("restartPolicy: Never");
  await page.getByTestId("save").click();
  await expect(page.getByTestId("server-review")).toContainText("The server would refuse this request");
  await expect(page.getByTestId("send")).toBeDisabled();
  await expect(page.getByTestId("send-refused")).toContainText("the server's dry run refused this request");
  dropNamespace(ns);
});
