/**
 * The action bar on the Advanced StatefulSet and Advanced DaemonSet pages, one function per kind on any cluster
 * (`E2ECluster`): pause and resume from the bar; the next partition step names in its dialog the ordinals (or nodes)
 * that move and exactly those move; a rollback asks first, says what the partition keeps and which pods move back,
 * and exactly that happens (docs/kruise-rules.md §13.12, §14.12). And the replicas preview of an Advanced
 * StatefulSet names the ordinals a scale-in deletes and a scale-out creates, and those are the ones that go and come.
 */
import { type Locator, type Page } from "@playwright/test";
import { expect } from "./fixtures";
import { pages } from "./paths";
import { ADS, rolledToNewImage as daemonRolled, zones } from "./daemonset-scenarios";
import { ASTS, rolledToNewImage as statefulRolled } from "./statefulset-scenarios";
import { isReady, podsOf, until, type E2ECluster } from "./workload-cluster";

interface RollingJ {
  spec: { updateStrategy: { rollingUpdate: { partition?: number; paused?: boolean } } };
  status?: { updateRevision?: string; daemonSetHash?: string };
}

const onHash = (c: E2ECluster, ns: string, name: string, hash: string) =>
  podsOf(c, ns, name)
    .filter((p) => p.metadata.labels?.["controller-revision-hash"] === hash && isReady(p))
    .map((p) => p.metadata.name)
    .sort();

/** Pause from the bar, then resume: each sent at once, the cluster's paused flag follows. */
async function pauseAndResume(page: Page, get: () => RollingJ) {
  await page.getByTestId("bar-pause").getByRole("button", { name: "Pause", exact: true }).click();
  await expect(page.getByTestId("bar-done")).toHaveText("Pause: sent");
  await until("paused on the cluster", () => get().spec.updateStrategy.rollingUpdate.paused === true);
  const resume = page.getByTestId("bar-resume").getByRole("button", { name: "Resume", exact: true });
  await expect(resume).toBeEnabled();
  await resume.click();
  await until("resumed on the cluster", () => get().spec.updateStrategy.rollingUpdate.paused === false);
  await expect(page.getByTestId("bar-pause")).toBeVisible();
}

/** The pods the dialog's partition preview names as moving, read in one pass. */
const namedInDialog = (dialog: Locator) =>
  dialog
    .getByTestId("preview-will-move")
    .evaluate((el) => [...el.querySelectorAll('[data-testid="preview-pod"]')].map((e) => e.getAttribute("data-name")));

/**
 * Four pods at ordinals 0, 2, 3, 4 (1 reserved), a new image held by partition 5: pause and resume from the bar; the
 * next step (5 → 4) says ordinal 4 and its preview names db-4, which alone moves; the rollback asks, says ordinals 0, 2
 * and 3 keep their revision and db-4 moves back in place; confirmed, exactly that happens.
 */
export async function statefulSetBar(page: Page, c: E2ECluster, ns: string, name: string) {
  const { oldRevision, newRevision } = await statefulRolled(c, ns, name);
  const get = () => c.json<RollingJ>("get", ASTS, "-n", ns, name);
  await page.goto(pages.workload(c.context, ns, "statefulsets", name));
  await expect(page.getByTestId("bar-state")).toBeVisible();
  await pauseAndResume(page, get);

  await page.getByRole("button", { name: "Next step: partition 5 → 4…" }).click();
  const step = page.getByRole("dialog", { name: "Next step: partition 5 → 4?" });
  await expect(step.getByTestId("confirm-effect")).toHaveText(
    "1 more pod on the update revision (1 of 4): ordinal 4, highest first.",
  );
  await expect.poll(() => namedInDialog(step)).toEqual([`${name}-4`]);
  expect(get().spec.updateStrategy.rollingUpdate.partition).toBe(5); // nothing sent yet
  await step.getByTestId("confirm-send").click();
  await until("ordinal 4 alone on the new revision", () =>
    onHash(c, ns, name, newRevision).join() === `${name}-4` ? true : undefined,
  );
  expect(get().spec.updateStrategy.rollingUpdate.partition).toBe(4);

  await page
    .getByTestId("bar-rollback")
    .getByRole("button", { name: /^Roll back to #\d+ nginx:1\.25…$/ })
    .click();
  const ask = page.getByRole("dialog", { name: /^Roll back to/ });
  // Every pod is the default: the template and partition 0 in one request.
  await expect(ask.getByTestId("confirm-effect")).toHaveText(
    `Every pod goes back to #1 ${oldRevision} (nginx:1.25): the template and partition 0 in one request.`,
  );
  // Keeping the partition says what it keeps; here no pod stays behind (ordinals 0, 2 and 3 are already there).
  await ask.getByRole("radio", { name: /^Keep partition 4: no pod stays behind/ }).check();
  await expect(ask.getByTestId("confirm-effect")).toContainText(
    "partition 4 stays: ordinals 0, 2 and 3 keep the revision they run",
  );
  await ask.getByRole("radio", { name: /^Roll back every pod/ }).check();
  const moves = ask.getByTestId("rollback-move");
  await expect(moves).toHaveCount(1);
  await expect(moves.first()).toHaveAttribute("data-name", `${name}-4`);
  await expect(moves.first()).toHaveAttribute("data-how", "in-place");
  await expect(ask.getByTestId("rollback-there")).toContainText(`${name}-0, ${name}-2, ${name}-3`);
  expect(get().status?.updateRevision).toBe(newRevision); // asked, nothing sent
  await ask.getByTestId("confirm-send").click();
  await expect(page.getByTestId("bar-done")).toHaveText(`Rolled back every pod to ${oldRevision}`);
  await until("every pod back on the old revision", () =>
    onHash(c, ns, name, oldRevision).join() === [0, 2, 3, 4].map((o) => `${name}-${o}`).join() ? true : undefined,
  );
  expect(get().spec.updateStrategy.rollingUpdate.partition).toBe(0);
}

/**
 * A DaemonSet on every node outside one zone, the update reaching one zone (selector), a new image every node kept:
 * pause and resume from the bar; the next step names the picked zone's highest node and its preview that node's pod,
 * which alone moves; the rollback asks, says what the partition keeps, names that pod moving back; then it does.
 */
export async function daemonSetBar(page: Page, c: E2ECluster, ns: string, name: string) {
  const all = zones(c);
  const z = { picked: all[0].zone, off: all[2].zone };
  const considered = all.filter((x) => x.zone !== z.off).flatMap((x) => x.nodes).length;
  const { oldHash, newHash } = await daemonRolled(c, ns, name, z, considered);
  const get = () => c.json<RollingJ>("get", ADS, "-n", ns, name);
  const node = [...all[0].nodes].sort().reverse()[0];
  const pod = podsOf(c, ns, name).find((p) => p.spec.nodeName === node)!.metadata.name;
  await page.goto(pages.workload(c.context, ns, "daemonsets", name));
  await expect(page.getByTestId("bar-state")).toBeVisible();
  await pauseAndResume(page, get);

  const label = `Next step: partition ${considered} → ${considered - 1}`;
  await page.getByRole("button", { name: `${label}…` }).click();
  const step = page.getByRole("dialog", { name: `${label}?` });
  await expect(step.getByTestId("confirm-effect")).toHaveText(
    `1 more node on the update revision (1 of ${considered}), among the nodes rollingUpdate.selector picks: ${node}.`,
  );
  await expect.poll(() => namedInDialog(step)).toEqual([pod]);
  await step.getByTestId("confirm-send").click();
  await until(`${pod} alone on the new revision`, () =>
    onHash(c, ns, name, newHash).join() === pod ? true : undefined,
  );

  const oldRevision = `${name}-${oldHash}`;
  await page
    .getByTestId("bar-rollback")
    .getByRole("button", { name: /^Roll back to #\d+ agent:1\.0…$/ })
    .click();
  const ask = page.getByRole("dialog", { name: /^Roll back to/ });
  await expect(ask.getByTestId("confirm-effect")).toHaveText(
    `Every pod goes back to #1 ${oldRevision} (agent:1.0): the template and partition 0 in one request.`,
  );
  const moves = ask.getByTestId("rollback-move");
  await expect(moves).toHaveCount(1);
  await expect(moves.first()).toHaveAttribute("data-name", pod);
  // The template alone would leave that pod on the new image: the partition's one update goes to a node already back.
  await ask.getByRole("radio", { name: /^Keep partition/ }).check();
  await expect(ask.getByTestId("confirm-effect")).toContainText(
    `partition ${considered - 1} stays: ${considered - 1} nodes keep the revision their pods run`,
  );
  await expect(ask.getByTestId("rollback-stays")).toHaveAttribute("data-pods", pod);
  await expect(moves).toHaveCount(0);
  await ask.getByRole("radio", { name: /^Roll back every pod/ }).check();
  await expect(moves).toHaveCount(1);
  expect(get().status?.daemonSetHash).toBe(newHash); // asked, nothing sent
  await ask.getByTestId("confirm-send").click();
  await expect(page.getByTestId("bar-done")).toHaveText(`Rolled back every pod to ${oldRevision}`);
  await until("no pod left on the new revision", () => onHash(c, ns, name, newHash).length === 0);
  expect(get().spec.updateStrategy.rollingUpdate.partition).toBe(0);
}

/** The scale preview's named ordinals: a scale-in 4 → 2 deletes db-4 and db-3; a scale-out 2 → 3 creates db-3. */
export async function statefulScaleNamesOrdinals(page: Page, c: E2ECluster, ns: string, name: string) {
  await statefulRolled(c, ns, name);
  await page.goto(pages.workload(c.context, ns, "statefulsets", name));
  const replicas = page.getByRole("textbox", { name: "Replicas", exact: true });
  await expect(replicas).toBeEnabled();
  await replicas.fill("2");
  const preview = page.getByTestId("scale-preview");
  await expect(preview).toContainText("Scaling in to 2 deletes 2 pods, highest ordinal first:");
  await expect(preview).toContainText("OrderedReady: one pod at a time");
  const named = await preview
    .getByTestId("scale-pod")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-name")));
  expect(named).toEqual([`${name}-4`, `${name}-3`]);
  await page.getByRole("button", { name: "Apply replicas" }).click();
  await until("db-0 and db-2 left", () =>
    podsOf(c, ns, name)
      .map((p) => p.metadata.name)
      .sort()
      .join() === `${name}-0,${name}-2`
      ? true
      : undefined,
  );
  await expect(page.getByTestId("replicas-applied")).toBeVisible();
  await page
    .getByRole("button", { name: "Reset" })
    .click()
    .catch(() => undefined);
  await replicas.fill("3");
  await expect(preview.getByTestId("scale-new-pod")).toHaveAttribute("data-name", `${name}-3`);
  await page.getByRole("button", { name: "Apply replicas" }).click();
  await until("db-3 created", () =>
    podsOf(c, ns, name)
      .map((p) => p.metadata.name)
      .sort()
      .join() === [0, 2, 3].map((o) => `${name}-${o}`).join()
      ? true
      : undefined,
  );
}
