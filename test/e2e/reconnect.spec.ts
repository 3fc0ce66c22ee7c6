import { expect, test } from "./fixtures";
import { faults, kubectl, sandboxAdmin } from "./cluster";
import { eventually, steady } from "./demo";
import { pages } from "./paths";

test("a dropped upstream watch shows reconnecting, then recovers with the changes made meanwhile", async ({ page }) => {
  const cs = await eventually(steady, "a steady CloneSet");
  const { name, namespace } = cs!.metadata;
  await page.goto(pages.cloneSets(sandboxAdmin().context, { ns: namespace }));
  const badge = page.getByTestId("connection");
  await expect(badge).toHaveAttribute("data-state", "live");
  const desired = page.locator(`[data-testid=cloneset-row][data-name="${name}"] [data-col=desired]`);
  await expect(desired).toHaveText(String(cs!.spec.replicas));

  const target = cs!.spec.replicas + 2;
  try {
    // Watches (and relists) fail while the fault is on, so the hub cannot resume at once.
    await faults({ errorRate: { watch: 1, list: 1 } });
    await faults({ dropWatches: true });
    await expect(badge).toHaveAttribute("data-state", /reconnecting|stale/);
    await expect(badge).not.toHaveText("Live");
    kubectl(
      "patch",
      "clonesets.apps.kruise.io",
      name,
      "-n",
      namespace,
      "--type",
      "merge",
      "-p",
      JSON.stringify({ spec: { replicas: target } }),
    );
    await faults({ errorRate: {} });
    await expect(badge).toHaveAttribute("data-state", "live", { timeout: 60_000 });
    await expect(desired).toHaveText(String(target));
  } finally {
    await faults({ errorRate: {} });
    kubectl(
      "patch",
      "clonesets.apps.kruise.io",
      name,
      "-n",
      namespace,
      "--type",
      "merge",
      "-p",
      JSON.stringify({ spec: { replicas: cs!.spec.replicas } }),
    );
  }
});
