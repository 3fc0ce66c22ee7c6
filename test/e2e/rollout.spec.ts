import { expect, test } from "./fixtures";
import { cloneSetManifest, kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { pages } from "./paths";
import { readPreview, setSlider, until } from "./slider";

// Rollout controls end to end on the sandbox (--fast): partition slider with a preview that names the pods,
// safe apply (conflict on a concurrent partition change, none under status churn), pause/resume, undo.

const NS = `e2e-roll-${Math.random().toString(36).slice(2, 7)}`;
const NAME = "canary";
const detail = () => pages.cloneSet(sandboxAdmin().context, NS, NAME);

interface PodJ {
  metadata: { name: string; uid: string; labels?: Record<string, string>; deletionTimestamp?: string };
}
interface CsJ {
  metadata: { generation: number };
  spec: { updateStrategy: { partition?: number | string; paused?: boolean } };
  status?: {
    observedGeneration?: number;
    updateRevision?: string;
    currentRevision?: string;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    readyReplicas?: number;
  };
}

const manifest = (image: string, ns = NS) => cloneSetManifest(ns, NAME, { replicas: 10, image, partition: 10 });

const cs = () => kubectlJson<CsJ>("get", "clonesets.apps.kruise.io", NAME, "-n", NS);
const pods = () =>
  kubectlJson<{ items: PodJ[] }>("get", "pods", "-n", NS, "-l", `app=${NAME}`).items.filter(
    (p) => !p.metadata.deletionTimestamp,
  );
const onRevision = (rev: string) => pods().filter((p) => p.metadata.labels?.["controller-revision-hash"] === rev);
const uids = () => Object.fromEntries(pods().map((p) => [p.metadata.name, p.metadata.uid]));

const applyManifest = (image: string) => kubectlApply(manifest(image));

interface PodKeysJ {
  metadata: { name: string; creationTimestamp?: string };
  spec: { nodeName?: string };
  status?: {
    phase?: string;
    conditions?: { type: string; status: string; lastTransitionTime?: string }[];
    containerStatuses?: { restartCount?: number }[];
  };
}

/** Every key Kruise's update order reads, per pod: what a failed subset assertion needs to be explained. */
const sortKeys = () =>
  kubectlJson<{ items: PodKeysJ[] }>("get", "pods", "-n", NS, "-l", `app=${NAME}`)
    .items.map((p) => {
      const ready = p.status?.conditions?.find((c) => c.type === "Ready");
      const restarts = Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
      return `${p.metadata.name} node=${p.spec.nodeName ?? "-"} ${p.status?.phase} ready=${ready?.status}@${ready?.lastTransitionTime} restarts=${restarts} created=${p.metadata.creationTimestamp}`;
    })
    .sort()
    .join("\n");

test.describe.configure({ mode: "serial" });

test("partition step, conflict, status churn, pause/resume and undo on a 10-pod in-place CloneSet", async ({
  page,
}) => {
  test.setTimeout(600_000);
  kubectl("create", "namespace", NS);
  applyManifest("nginx:1.25");
  await until("10 ready pods", () => (cs().status?.readyReplicas ?? 0) === 10, 240_000);
  const oldRevision = cs().status!.updateRevision!;
  applyManifest("nginx:1.26");
  const newRevision = await until("a new update revision", () => {
    const r = cs().status?.updateRevision;
    return r && r !== oldRevision ? r : undefined;
  });
  const before = uids();

  await page.goto(detail());
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByTestId("partition-control")).toBeVisible();

  // 1. Slider to 7: the preview says which 3 pods move — by name where Kruise's order decides, as
  // "k of these n" where pods tie — and Apply moves 3 pods, all from what it showed, in place.
  await setSlider(page, 7);
  await expect(page.getByTestId("preview-update")).toContainText("3 pods on the update revision");
  const shown = await readPreview(page);
  const keysAtPreview = sortKeys();
  const why = `preview ${JSON.stringify(shown)}\npods at preview:\n${keysAtPreview}`;
  expect(shown.count, why).toBe(3);
  expect(shown.exact.length + shown.ties.reduce((n, g) => n + g.count, 0), why).toBe(3);
  expect(cs().spec.updateStrategy.partition).toBe(10); // nothing sent yet
  await page.getByRole("button", { name: "Show request" }).first().click();
  await expect(page.getByTestId("shown-request")).toContainText("application/json-patch+json");
  // Status churn right before apply: a status write bumps resourceVersion, never generation.
  kubectl(
    "patch",
    "clonesets.apps.kruise.io",
    NAME,
    "-n",
    NS,
    "--subresource=status",
    "--type=merge",
    "-p",
    JSON.stringify({ status: { observedGeneration: cs().metadata.generation } }),
  );
  const keysAtApply = sortKeys();
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("applied")).toContainText("→ 7");
  await until(
    "3 pods on the new revision, ready",
    () => onRevision(newRevision).length === 3 && cs().status?.updatedReadyReplicas === 3,
  );
  const moved = onRevision(newRevision).map((p) => p.metadata.name);
  expect(moved).toHaveLength(3);
  const explain = `${why}\npods at Apply:\n${keysAtApply}\npods now:\n${sortKeys()}`;
  for (const n of moved) expect(shown.allowed, `${n} was in the preview\n${explain}`).toContain(n);
  for (const n of shown.exact) expect(moved, `${n} was named exactly`).toContain(n);
  for (const g of shown.ties) expect(moved.filter((n) => g.of.includes(n))).toHaveLength(g.count);
  // The step view names the pods Kruise actually chose.
  await expect(page.getByTestId("step-chosen")).toHaveAttribute("data-count", "3");
  const chosen = await page.getByTestId("chosen-pod").evaluateAll((els) => els.map((e) => e.getAttribute("data-name")));
  expect([...chosen].sort()).toEqual([...moved].sort());
  for (const [n, uid] of Object.entries(uids())) expect(uid, `${n} updated in place`).toBe(before[n]);
  await expect(page.getByTestId("step-state")).toHaveAttribute("data-state", "held-by-partition");

  // 2. A kubectl partition change between preview and apply: conflict, nothing written.
  await setSlider(page, 5);
  kubectl(
    "patch",
    "clonesets.apps.kruise.io",
    NAME,
    "-n",
    NS,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"partition":6}}}',
  );
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("conflict")).toContainText(
    "partition changed on the cluster since you previewed it: now 6",
  );
  expect(cs().spec.updateStrategy.partition).toBe(6);
  await page.getByRole("button", { name: "Re-preview" }).click();
  await until(
    "4 pods moved for kubectl's partition 6",
    () => onRevision(newRevision).length === 4 && cs().status?.updatedReadyReplicas === 4,
  );

  // 3. Pause stops the next step; resume continues it.
  await page.getByRole("button", { name: "Pause rollout" }).click();
  await expect(page.getByTestId("paused-state")).toHaveText("paused");
  await setSlider(page, 4);
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("applied")).toContainText("→ 4");
  const gen = cs().metadata.generation;
  await until("the controller observed the paused step", () => (cs().status?.observedGeneration ?? 0) >= gen);
  expect(onRevision(newRevision)).toHaveLength(4);
  await page.getByRole("button", { name: "Resume rollout" }).click();
  await until(
    "6 pods after resume",
    () => onRevision(newRevision).length === 6 && cs().status?.updatedReadyReplicas === 6,
  );

  // 4. Undo to the previous revision keeping the partition: pods come back in place and the old revision name is
  // reused. The default would roll back every pod (partition 0 too); keeping it leaves the partition's share.
  await page.getByLabel("Left revision").selectOption(oldRevision);
  await page.getByRole("button", { name: `Roll back to this revision (${oldRevision})` }).click();
  const rollback = page.getByTestId("rollback-preview");
  await expect(rollback.getByTestId("rollback-choice")).toHaveAttribute("data-every-pod", "true");
  await rollback.getByRole("radio", { name: /Keep partition 4/ }).check();
  await expect(rollback.getByTestId("rollback-summary")).toContainText("keeps partition 4");
  // 4 already on the old revision, 2 more moved back in place, 4 left where they are by the partition.
  await expect(rollback.getByTestId("rollback-fates")).toContainText(/updated in place/i);
  await expect(rollback.getByTestId("fate-recreate")).toHaveCount(0);
  await expect(rollback.getByTestId("rollback-stays")).toContainText("4 pods stay");
  await page.getByRole("button", { name: "Confirm rollback" }).click();
  await until("update revision back to the old name", () => cs().status?.updateRevision === oldRevision);
  // Partition 4 still holds 4 pods off the update revision (§3.2): 6 end on the old revision again.
  await until(
    "6 pods back on the old revision, ready",
    () => onRevision(oldRevision).length === 6 && cs().status?.updatedReadyReplicas === 6,
  );
  for (const [n, uid] of Object.entries(uids())) expect(uid, `${n} rolled back in place`).toBe(before[n]);
  const events = kubectlJson<{ items: { involvedObject: { name: string }; message: string }[] }>(
    "get",
    "events",
    "-n",
    NS,
  ).items;
  expect(events.filter((e) => e.involvedObject.name === NAME).map((e) => e.message)).toContainEqual(
    expect.stringMatching(/^partition 10 → 7 by \S+/),
  );
  kubectl("delete", "namespace", NS, "--wait=false");
});

test("a user without patch rights sees the controls disabled with the reason", async ({ page }) => {
  const ns = `${NS}-ro`;
  kubectl("create", "namespace", ns);
  kubectlApply(manifest("nginx:1.25", ns));
  const viewer = kubectlJson<{ contexts: { name: string }[] }>("config", "view")
    .contexts.map((c) => c.name)
    .find((n) => /viewer/.test(n));
  expect(viewer, "the sandbox kubeconfig has a viewer context").toBeTruthy();
  await page.goto(pages.cloneSet(viewer!, ns, NAME));
  await expect(page.getByTestId("access-denied")).toContainText("You may not patch this CloneSet");
  await expect(page.getByRole("slider", { name: /Partition/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Apply partition" })).toBeDisabled();
  kubectl("delete", "namespace", ns, "--wait=false");
});
