import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sandboxAdmin } from "./cluster";
import { pages } from "./paths";
import {
  applyCloneSet,
  cloneSet,
  dropNamespace,
  imagesRun,
  onRevision,
  ownNamespace,
  pods,
  settledOn,
  until,
} from "./workloads";

// A release manager's rollback after a step went wrong: the pod template AND the partition in one request from the
// action bar, so no pod stays on the bad image, and afterwards the list says what the pods run.

const GOOD = "registry.example.com/shop/cart:1.4.0";
const BAD = "registry.example.com/shop/cart:1.5.0";
const NAME = "cart";
const REPLICAS = 8;

/** cart at partition 2 after a step to the bad image: 6 pods on it, 2 still on the good revision. */
async function afterBadStep(ns: string): Promise<{ good: string; bad: string }> {
  applyCloneSet(ns, NAME, REPLICAS, GOOD);
  const good = await until("8 ready pods on the good image", () => settledOn(ns, NAME, REPLICAS), 240_000);
  applyCloneSet(ns, NAME, REPLICAS, BAD, { partition: 2 });
  const bad = await until("6 ready pods on the bad revision", () => {
    const s = cloneSet(ns, NAME).status;
    return s?.updateRevision !== good && s?.updatedReadyReplicas === 6 && s.readyReplicas === REPLICAS
      ? s.updateRevision
      : undefined;
  });
  return { good, bad: bad! };
}

async function openRollback(page: Page, ns: string, good: string) {
  await page.goto(pages.cloneSet(sandboxAdmin().context, ns, NAME));
  const button = page.getByTestId("bar-rollback").getByRole("button", { name: "Roll back to #1 cart:1.4.0…" });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Roll back to #1 cart:1.4.0?" });
  await expect(dialog.getByTestId("confirm-effect")).toContainText(good);
  await expect(dialog).toBeVisible();
  return dialog;
}

const listRow = (page: Page, ns: string) => page.locator(`[data-testid=cloneset-row][data-namespace="${ns}"]`);

test("rollback at partition 2 leaves no pod on the bad image and the list's images column then shows one image", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const ns = ownNamespace("e2e-rb", test.info().repeatEachIndex);
  const { good, bad } = await afterBadStep(ns);
  const onBad = onRevision(ns, NAME, bad).map((p) => p.metadata.name);
  const uids = () => Object.fromEntries(pods(ns, NAME).map((p) => [p.metadata.name, p.metadata.uid]));
  const before = uids();

  const dialog = await openRollback(page, ns, good);
  // The default rolls back every pod: the prediction names the 6 pods on the bad revision, none stays behind.
  await expect(dialog.getByTestId("rollback-choice")).toHaveAttribute("data-every-pod", "true");
  await expect(dialog.getByTestId("rollback-summary")).toContainText("Rolls back every pod");
  await expect(dialog.getByTestId("rollback-stays")).toHaveCount(0);
  const named = await dialog
    .getByTestId("rollback-fates")
    .evaluate((el) =>
      [...el.querySelectorAll("[data-testid=fate-in-place],[data-testid=fate-group]")].flatMap((x) =>
        (x.getAttribute("data-pods") ?? x.getAttribute("data-of") ?? "").split(",").filter(Boolean),
      ),
    );
  expect(named.sort()).toEqual([...onBad].sort());
  // The alternative names the pods the partition would leave on the bad image.
  await dialog.getByRole("radio", { name: /Keep partition 2/ }).check();
  await expect(dialog.getByTestId("rollback-stays")).toContainText(
    "2 pods stay on the revision you are rolling back from",
  );
  await dialog.getByRole("radio", { name: /Roll back every pod/ }).check();
  // The exact request, one click away: the template and partition 0 together.
  await dialog.getByRole("button", { name: "Show request" }).click();
  await expect(dialog.getByTestId("shown-request")).toContainText("/spec/updateStrategy/partition");
  await expect(dialog.getByTestId("shown-request")).toContainText(GOOD);
  await dialog.getByTestId("confirm-send").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("bar-done")).toContainText(`Rolled back every pod to ${good}`);

  await until("every pod back on the good revision, ready", () => settledOn(ns, NAME, REPLICAS) === good);
  expect(imagesRun(ns, NAME)).toEqual([GOOD]);
  expect(cloneSet(ns, NAME).spec.updateStrategy.partition).toBe(0);
  // The pods on the bad revision were updated in place: the same pods, nothing recreated.
  expect(uids()).toEqual(before);

  await page.goto(pages.cloneSets(sandboxAdmin().context, { ns }));
  const row = listRow(page, ns);
  await expect(row.locator("[data-col=synced]")).toHaveAttribute("data-synced", "true");
  await expect(row.locator("[data-col=images] > div")).toHaveCount(1);
  await expect(row.locator("[data-col=images]")).toContainText("cart:1.4.0");
  await expect(row.getByTestId("stray-image")).toHaveCount(0);
  dropNamespace(ns);
});

test("keeping the partition names the pods it leaves on the bad image, and the header and list then say so", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const ns = ownNamespace("e2e-rbk", test.info().repeatEachIndex);
  const { good, bad } = await afterBadStep(ns);
  const dialog = await openRollback(page, ns, good);
  await dialog.getByRole("radio", { name: /Keep partition 2/ }).check();
  const stays = dialog.getByTestId("rollback-stays");
  await expect(stays).toContainText("2 pods stay");
  const named = (await stays.getAttribute("data-pods"))?.split(",").filter(Boolean) ?? [];
  await dialog.getByTestId("confirm-send").click();
  await expect(page.getByTestId("bar-done")).toContainText(`Rolled back the template to ${good}`);

  await until("6 pods on the good revision, ready", () => {
    const s = cloneSet(ns, NAME).status;
    return s?.updateRevision === good && s.updatedReadyReplicas === 6 && s.readyReplicas === REPLICAS;
  });
  const left = onRevision(ns, NAME, bad).map((p) => p.metadata.name);
  expect(left).toHaveLength(2);
  // Named exactly where Kruise's order decides; otherwise the group said which could stay.
  for (const n of named) expect(left).toContain(n);

  // current = update again, but 2 pods still run the bad image: neither the header nor the list hides it.
  await expect(page.getByTestId("header-images").getByTestId("stray-image")).toHaveAttribute("data-image", BAD);
  await expect(page.getByTestId("header-images").getByTestId("stray-image")).toContainText("2 pods still on");
  await page.goto(pages.cloneSets(sandboxAdmin().context, { ns }));
  const row = listRow(page, ns);
  await expect(row.locator("[data-col=synced]")).toHaveAttribute("data-synced", "false");
  await expect(row.getByTestId("row-off-update")).toContainText("2 pods on another revision");
  dropNamespace(ns);
});
