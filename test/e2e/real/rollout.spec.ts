/**
 * The console on the real CloneSet controller (kruise-manager v1.6.2 with its webhooks, on kube-apiserver 1.20.2,
 * context `kruise`): the partition preview names the pods Kruise then moves (or how many of a tie group), step after
 * step, and writes made behind the console's back between preview and Apply, or while the YAML is edited, are
 * caught on the real API server rather than overwritten.
 */
import { expect, test } from "../fixtures";
import { cloneSetManifest, type Kubectl } from "../cluster";
import { editorLines, replaceAll } from "../monaco";
import { pages } from "../paths";
import { realCluster } from "../real";
import { previewBreaks, readPreview, setSlider, until } from "../slider";

interface PodJ {
  metadata: { name: string; uid: string; labels?: Record<string, string>; deletionTimestamp?: string };
}
interface CsJ {
  metadata: { generation: number; resourceVersion: string };
  spec: { replicas: number; updateStrategy: { partition?: number | string } };
  status?: {
    observedGeneration?: number;
    updateRevision?: string;
    updatedReadyReplicas?: number;
    readyReplicas?: number;
  };
}

let k: Kubectl;
test.beforeAll(async () => {
  // A first run may still be building kruise-manager (minutes); afterwards the cluster is up before any spec asks.
  test.setTimeout(660_000);
  k = await realCluster();
});

/** A namespace of its own per test and repeat, on the real cluster. */
function namespace(topic: string): string {
  const ns = `e2e-real-${topic}-${test.info().repeatEachIndex}-${Math.random().toString(36).slice(2, 7)}`;
  k.run("create", "namespace", ns);
  return ns;
}

test("on kruise-manager the pods the partition preview names move, step after step; a partition kubectl changed after the preview is caught", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const ns = namespace("part");
  const name = "canary";
  const cs = () => k.json<CsJ>("get", "clonesets.apps.kruise.io", name, "-n", ns);
  const pods = () =>
    k
      .json<{ items: PodJ[] }>("get", "pods", "-n", ns, "-l", `app=${name}`)
      .items.filter((p) => !p.metadata.deletionTimestamp);
  const onRevision = (rev: string) => pods().filter((p) => p.metadata.labels?.["controller-revision-hash"] === rev);
  const uids = () => Object.fromEntries(pods().map((p) => [p.metadata.name, p.metadata.uid]));

  k.apply(cloneSetManifest(ns, name, { replicas: 8, image: "nginx:1.25", partition: 8 }));
  await until("8 ready pods", () => cs().status?.readyReplicas === 8, 240_000);
  const oldRevision = cs().status!.updateRevision!;
  k.apply(cloneSetManifest(ns, name, { replicas: 8, image: "nginx:1.26", partition: 8 }));
  const newRevision = await until("a new update revision", () => {
    const r = cs().status?.updateRevision;
    return r && r !== oldRevision ? r : undefined;
  });
  const before = uids();
  await page.goto(pages.cloneSet(k.context, ns, name));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  /** Slider to `to`, Apply, and check the pods kruise-manager moved against what the preview showed. */
  const step = async (to: number, updated: number) => {
    await setSlider(page, to);
    const shown = await readPreview(page);
    expect(shown.count, JSON.stringify(shown)).toBe(updated - onRevision(newRevision).length);
    const already = onRevision(newRevision).map((p) => p.metadata.name);
    await page.getByRole("button", { name: "Apply partition" }).click();
    await expect(page.getByTestId("applied")).toContainText(`→ ${to}`);
    await until(
      `${updated} pods on the new revision, ready`,
      () => onRevision(newRevision).length === updated && cs().status?.updatedReadyReplicas === updated,
      120_000,
    );
    const moved = onRevision(newRevision)
      .map((p) => p.metadata.name)
      .filter((n) => !already.includes(n));
    expect(previewBreaks(shown, moved), `preview ${JSON.stringify(shown)}, moved ${moved.join(", ")}`).toEqual([]);
  };

  // 8 → 5: three pods, in place (maxUnavailable 20 %: two at a time).
  await step(5, 3);
  // A partition written by kubectl after the preview: the console's Apply is refused, nothing of it written.
  await setSlider(page, 2);
  k.run(
    "patch",
    "clonesets.apps.kruise.io",
    name,
    "-n",
    ns,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"partition":4}}}',
  );
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("conflict")).toContainText(
    "partition changed on the cluster since you previewed it: now 4",
  );
  expect(cs().spec.updateStrategy.partition).toBe(4);
  await page.getByRole("button", { name: "Re-preview" }).click();
  await until(
    "4 pods moved for kubectl's partition 4",
    () => onRevision(newRevision).length === 4 && cs().status?.updatedReadyReplicas === 4,
    120_000,
  );
  // 4 → 1 from the re-previewed state: the next three.
  await step(1, 7);
  for (const [n, uid] of Object.entries(uids())) expect(uid, `${n} updated in place`).toBe(before[n]);
  k.run("delete", "namespace", ns, "--wait=false");
});

test("on kube-apiserver with Kruise's webhook: a concurrent kubectl scale is a conflict in the editor, and removing a partition the webhook puts back is said to change nothing in the spec", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const ns = namespace("edit");
  const get = (name: string) => k.json<CsJ>("get", "clonesets.apps.kruise.io", "-n", ns, name);
  const open = async (name: string) => {
    await page.goto(pages.edit(k.context, ns, "clonesets", name));
    await expect(editorLines(page)).toContainText("kind: CloneSet", { timeout: 60_000 });
  };
  // The creator sends partition 0 itself: the field is then its own, as in docs/kruise-rules.md §11.10.
  for (const name of ["conflict", "kept"])
    k.apply(cloneSetManifest(ns, name, { replicas: 2, image: "nginx:1.25", partition: 0 }));
  await until("both observed", () => ["conflict", "kept"].every((n) => get(n).status?.readyReplicas === 2), 240_000);

  await open("conflict");
  await replaceAll(page, "replicas: 2", "replicas: 3");
  k.run("scale", "clonesets.apps.kruise.io", "-n", ns, "conflict", "--replicas=5");
  await expect(page.getByTestId("live-banner")).toContainText("spec.replicas");
  await page.getByTestId("save").click();
  const row = page.locator("[data-testid=conflict-row][data-field='spec.replicas']");
  await expect(row.getByTestId("value-base")).toHaveText("2");
  await expect(row.getByTestId("value-mine")).toHaveText("3");
  await expect(row.getByTestId("value-theirs")).toHaveText("5");
  expect(get("conflict").spec.replicas).toBe(5);
  await row.getByTestId("choose-mine").check();
  await page.getByTestId("review-choices").click();
  await page.getByTestId("send").click();
  await expect(page.getByTestId("notice")).toContainText("Saved");
  expect(get("conflict").spec.replicas).toBe(3);

  await open("kept");
  const before = get("kept").metadata;
  await replaceAll(page, "partition: 0", "");
  await page.getByTestId("save").click();
  await expect(page.getByTestId("review-kept")).toContainText("the server kept spec.updateStrategy.partition: 0");
  await page.getByTestId("send").click();
  await expect(page.getByTestId("notice")).toContainText("Nothing in the spec changed");
  await expect(page.getByTestId("notice")).not.toContainText("Saved");
  const after = get("kept").metadata;
  expect([after.generation, after.resourceVersion === before.resourceVersion]).toEqual([before.generation, false]);
  k.run("delete", "namespace", ns, "--wait=false");
});
