/**
 * Advanced StatefulSet scenarios, one function each, on any cluster (`E2ECluster`): the slider's preview names the
 * ordinals that move and Apply moves exactly those, live; a partition changed by someone else between preview and
 * Apply is caught; a rollback says which pods move, in what order and how, and they do; a YAML edit racing a kubectl
 * change shows base, mine and theirs and writes nothing until chosen (docs/kruise-rules.md §13.4, §13.9, §13.10).
 */
import { type Page } from "@playwright/test";
import { expect } from "./fixtures";
import { editorLines, focusEditor } from "./monaco";
import { pages } from "./paths";
import { isReady, podsOf, readPreview, setSlider, until, type E2ECluster } from "./workload-cluster";

export const ASTS = "statefulsets.apps.kruise.io";

interface StsJ {
  metadata: { generation: number };
  spec: { replicas: number; updateStrategy: { rollingUpdate: { partition?: number } } };
  status?: {
    observedGeneration?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    currentRevision?: string;
    updateRevision?: string;
  };
}

/** Four pods at ordinals 0, 2, 3, 4 (ordinal 1 reserved), in place, ordered, every ordinal kept by the partition. */
export function statefulSetManifest(ns: string, name: string, image: string, partition = 5) {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name, namespace: ns },
    spec: {
      replicas: 4,
      serviceName: name,
      reserveOrdinals: [1],
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "app", image }] },
      },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { partition, maxUnavailable: 1, podUpdatePolicy: "InPlaceIfPossible" },
      },
    },
  };
}

const get = (c: E2ECluster, ns: string, name: string) => c.json<StsJ>("get", ASTS, "-n", ns, name);
const onRevision = (c: E2ECluster, ns: string, name: string, rev: string) =>
  podsOf(c, ns, name)
    .filter((p) => p.metadata.labels?.["controller-revision-hash"] === rev && isReady(p))
    .map((p) => p.metadata.name)
    .sort();

/** Created, all four pods ready on one revision, then a new image the partition holds back; the two revisions. */
export async function rolledToNewImage(c: E2ECluster, ns: string, name: string) {
  c.apply(statefulSetManifest(ns, name, "nginx:1.25"));
  await until("4 ready pods", () => (get(c, ns, name).status?.readyReplicas ?? 0) === 4, 240_000);
  const oldRevision = get(c, ns, name).status!.updateRevision!;
  c.apply(statefulSetManifest(ns, name, "nginx:1.26"));
  const newRevision = await until("a new update revision", () => {
    const r = get(c, ns, name).status?.updateRevision;
    return r && r !== oldRevision ? r : undefined;
  });
  return { oldRevision, newRevision };
}

/**
 * Partition 5 → 3: the preview names ordinals 4 then 3 (the highest first, one at a time under OrderedReady), Apply
 * moves exactly those, in place, and the page shows them on the update revision; then a partition kubectl changes
 * between preview and Apply is refused with the value now on the cluster, and nothing is written.
 */
export async function partitionPreviewMovesThosePods(page: Page, c: E2ECluster, ns: string, name: string) {
  const { newRevision } = await rolledToNewImage(c, ns, name);
  const uids = Object.fromEntries(podsOf(c, ns, name).map((p) => [p.metadata.name, p.metadata.uid]));
  await page.goto(pages.workload(c.context, ns, "statefulsets", name));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-testid=ordinal][data-ordinal="1"]')).toHaveAttribute("data-state", "reserved");
  await setSlider(page, 3);
  await expect(page.getByTestId("preview-keep")).toHaveText("2 pods stay on the old revision");
  const shown = await readPreview(page);
  expect(shown.exact).toEqual([`${name}-4`, `${name}-3`]);
  expect(shown.rounds.map((r) => r.exact)).toEqual([[`${name}-4`], [`${name}-3`]]);
  expect(get(c, ns, name).spec.updateStrategy.rollingUpdate.partition).toBe(5); // nothing sent yet
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("applied")).toContainText("5 → 3");
  await until("ordinals 3 and 4 on the new revision, ready", () =>
    onRevision(c, ns, name, newRevision).join() === [`${name}-3`, `${name}-4`].join() ? true : undefined,
  );
  for (const p of podsOf(c, ns, name))
    expect(p.metadata.uid, `${p.metadata.name} in place`).toBe(uids[p.metadata.name]);
  for (const o of [3, 4])
    await expect(page.locator(`[data-testid=ordinal][data-ordinal="${o}"]`)).toHaveAttribute("data-updated", "true");
  await expect(page.locator('[data-testid=ordinal][data-ordinal="2"]')).not.toHaveAttribute("data-updated", "true");

  await setSlider(page, 2);
  c.kubectl(
    "patch",
    ASTS,
    name,
    "-n",
    ns,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":4}}}}',
  );
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("conflict")).toContainText(
    "partition changed on the cluster since you previewed it: now 4",
  );
  expect(get(c, ns, name).spec.updateStrategy.rollingUpdate.partition).toBe(4);
}

/**
 * Back to the old revision with the partition at 4: by default every pod goes back (ordinals 4 and 3); keeping the
 * partition, the prediction says ordinal 4 moves back in place, ordinal 3 stays (below the partition) and 0 and 2 are
 * already there; confirmed, exactly that happens.
 */
export async function rollbackMovesWhatItPredicted(page: Page, c: E2ECluster, ns: string, name: string) {
  const { oldRevision, newRevision } = await rolledToNewImage(c, ns, name);
  c.kubectl(
    "patch",
    ASTS,
    name,
    "-n",
    ns,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":3}}}}',
  );
  await until("ordinals 3 and 4 on the new revision", () => onRevision(c, ns, name, newRevision).length === 2);
  c.kubectl(
    "patch",
    ASTS,
    name,
    "-n",
    ns,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":4}}}}',
  );
  await page.goto(pages.workload(c.context, ns, "statefulsets", name));
  await page.getByLabel("Left revision").selectOption(oldRevision);
  await page.getByRole("button", { name: `Roll back to this revision (${oldRevision})` }).click();
  const ask = page.getByTestId("rollback-preview");
  const moves = ask.getByTestId("rollback-move");
  // By default every pod goes back: partition 0 with the template, so ordinal 3 moves too.
  await expect(
    ask.getByRole("radio", { name: /^Roll back every pod: the template and partition 4 → 0/ }),
  ).toBeChecked();
  await expect(moves).toHaveCount(2);
  expect(await moves.evaluateAll((els) => els.map((e) => e.getAttribute("data-name")))).toEqual([
    `${name}-4`,
    `${name}-3`,
  ]);
  await expect(ask.getByText(`Roll back every pod to ${oldRevision}`)).toBeVisible();
  await ask.getByRole("radio", { name: /^Keep partition 4: 1 pod stays off/ }).check();
  await expect(ask.getByText(`Roll back the pod template to ${oldRevision}`)).toBeVisible();
  await expect(ask.getByTestId("rollback-stays")).toHaveAttribute("data-pods", `${name}-3`);
  await expect(moves).toHaveCount(1);
  await expect(moves.first()).toHaveAttribute("data-name", `${name}-4`);
  await expect(moves.first()).toHaveAttribute("data-how", "in-place");
  await expect(ask.getByTestId("rollback-kept")).toContainText(`${name}-3`);
  await expect(ask.getByTestId("rollback-there")).toContainText(`${name}-0, ${name}-2`);
  await page.getByRole("button", { name: "Confirm rollback" }).click();
  await until(
    "the old revision is the update revision again",
    () => get(c, ns, name).status?.updateRevision === oldRevision,
  );
  await until("ordinal 4 back on the old revision, 3 kept on the new", () =>
    onRevision(c, ns, name, oldRevision).join() === [`${name}-0`, `${name}-2`, `${name}-4`].join() &&
    onRevision(c, ns, name, newRevision).join() === `${name}-3`
      ? true
      : undefined,
  );
}

/** replicas 4 → 5 in the editor while kubectl scales to 3: a conflict, base/mine/theirs, nothing written. */
export async function editRacingKubectlIsCaught(page: Page, c: E2ECluster, ns: string, name: string) {
  c.apply(statefulSetManifest(ns, name, "nginx:1.25"));
  await page.goto(pages.edit(c.context, ns, "statefulsets", name));
  await expect(editorLines(page)).toContainText("kind: StatefulSet", { timeout: 60_000 });
  await focusEditor(page);
  await page.keyboard.press("Control+H");
  await page.locator(".find-widget textarea[aria-label=Find]").fill("replicas: 4");
  const replace = page.locator(".find-widget textarea[aria-label=Replace]");
  await replace.fill("replicas: 5");
  await replace.press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await expect(editorLines(page)).toContainText("replicas: 5");
  c.kubectl("scale", ASTS, name, "-n", ns, "--replicas=3");
  await expect(page.getByTestId("live-banner")).toContainText("spec.replicas");
  await page.getByTestId("save").click();
  const row = page.locator("[data-testid=conflict-row][data-field='spec.replicas']");
  await expect(row.getByTestId("value-base")).toHaveText("4");
  await expect(row.getByTestId("value-mine")).toHaveText("5");
  await expect(row.getByTestId("value-theirs")).toHaveText("3");
  expect(get(c, ns, name).spec.replicas).toBe(3);
}
