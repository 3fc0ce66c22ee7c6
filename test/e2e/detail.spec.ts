import { expect, test } from "./fixtures";
import { kubectlJson, sandboxAdmin } from "./cluster";
import { eventually, midRollout } from "./demo";
import { pages } from "./paths";

const detail = (ns: string, name: string) => pages.cloneSet(sandboxAdmin().context, ns, name);

test("the mid-rollout CloneSet shows its revisions, pods by revision and in-place state", async ({ page }) => {
  test.setTimeout(300_000);
  const cs = await eventually(midRollout, "a mid-rollout CloneSet");
  const { name, namespace } = cs!.metadata;
  const { updateRevision, currentRevision } = cs!.status!;
  await page.goto(detail(namespace, name));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const revs = page.getByTestId("revision-row");
  await expect(revs.filter({ hasText: "update" }).first()).toHaveAttribute("data-name", updateRevision!);
  await expect(page.locator(`[data-testid=revision-row][data-name="${currentRevision}"]`)).toContainText("current");

  const updateGroup = page.locator(`[data-testid=pod-group][data-revision="${updateRevision}"]`);
  await expect(updateGroup).toBeVisible();
  await expect(page.locator(`[data-testid=pod-group][data-revision="${currentRevision}"]`)).toBeVisible();

  // Pods moved in place name the target revision from apps.kruise.io/inplace-update-state.
  const pods = kubectlJson<{ items: { metadata: { name: string; annotations?: Record<string, string> } }[] }>(
    "get",
    "pods",
    "-n",
    namespace,
  ).items;
  const moved = pods.find((p) =>
    p.metadata.annotations?.["apps.kruise.io/inplace-update-state"]?.includes(updateRevision!),
  );
  expect(moved, "a pod updated in place").toBeTruthy();
  const row = page.locator(`[data-testid=pod-row][data-name="${moved!.metadata.name}"]`);
  await expect(row.locator("[data-col=inplace]")).toContainText(updateRevision!);
  await expect(row.locator("[data-col=inplace]")).toContainText(/batch \d of \d/);

  await expect(page.getByTestId("rollout-summary")).toContainText(`Target for the current partition`);
  await expect(page.getByTestId("rollout-step").first()).toContainText("in place");
});

test("a 1,000-pod CloneSet renders only the visible pod rows", async ({ page }) => {
  const big = await eventually((l) => l.find((c) => c.spec.replicas >= 1000), "a 1,000-pod CloneSet");
  await page.goto(detail(big!.metadata.namespace, big!.metadata.name));
  await expect(page.getByTestId("pods")).toContainText(`(${big!.spec.replicas})`, { timeout: 60_000 });
  const rows = await page.getByTestId("pod-row").count();
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThan(200);
  await page.getByTestId("pods-scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByTestId("pod-row").last()).toBeVisible();
});

test("a missing CloneSet gives a not-found page", async ({ page }) => {
  await page.goto(detail("shop", "no-such-cloneset"));
  await expect(page.getByTestId("not-found")).toContainText("CloneSet not found");
});
