/**
 * CloneSet previews held to what the controller then does, on any cluster (`E2ECluster`): the partition preview
 * under maxSurge (surge pods created, pods updated in place, recreated, or deleted rather than updated), the
 * rollback prediction (exactly the pods off the target revision) and the scale-in prediction (the pods Kruise
 * deletes, ties as groups). A watch on the pods records every pod the controller touched (pod-watch.ts); where
 * Kruise's order is open the preview must say so with a group, and the count of the group is held instead of names
 * (docs/kruise-rules.md §3.8, §4.3).
 */
import { type Locator, type Page } from "@playwright/test";
import { expect } from "./fixtures";
import { pages } from "./paths";
import { caughtUp, watchPods, type PodHistory } from "./pod-watch";
import { isReady, podsOf, setSlider, until, type E2ECluster } from "./workload-cluster";

const CS = "clonesets.apps.kruise.io";
type Fate = "in-place" | "recreate" | "deleted" | "kept";

interface CsJ {
  metadata: { generation: number };
  spec: { replicas: number; updateStrategy: { partition?: number | string } };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    updateRevision?: string;
  };
}

export interface Strategy {
  type: "ReCreate" | "InPlaceIfPossible";
  partition?: number;
  maxSurge?: number | string;
  maxUnavailable?: number | string;
}

function manifest(ns: string, name: string, replicas: number, image: string, strategy: Strategy) {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image }] } },
      updateStrategy: strategy,
    },
  };
}

const get = (c: E2ECluster, ns: string, name: string) => c.json<CsJ>("get", CS, name, "-n", ns);
const names = (c: E2ECluster, ns: string, name: string) => podsOf(c, ns, name).map((p) => p.metadata.name);
const onRevision = (c: E2ECluster, ns: string, name: string, rev: string) =>
  podsOf(c, ns, name).filter((p) => p.metadata.labels?.["controller-revision-hash"] === rev);

/** Observed, `n` pods, all ready on the update revision (which is returned). */
function settled(c: E2ECluster, ns: string, name: string, n: number): string | undefined {
  const cs = get(c, ns, name);
  const s = cs.status;
  const pods = podsOf(c, ns, name);
  return s?.observedGeneration === cs.metadata.generation &&
    s.replicas === n &&
    s.updatedReadyReplicas === n &&
    pods.length === n &&
    pods.every((p) => isReady(p) && p.metadata.labels?.["controller-revision-hash"] === s.updateRevision)
    ? s.updateRevision
    : undefined;
}

/** `n` pods ready on `image`, then a new image the partition holds back: the two revisions. */
async function rolledToNewImage(c: E2ECluster, ns: string, name: string, n: number, s: Strategy) {
  c.apply(manifest(ns, name, n, "web:1.0", { ...s, partition: n }));
  const oldRevision = await until(`${n} ready pods`, () => settled(c, ns, name, n), 300_000);
  c.apply(manifest(ns, name, n, "web:2.0", { ...s, partition: n }));
  const newRevision = await until("the new revision observed", () => {
    const cs = get(c, ns, name);
    const r = cs.status?.updateRevision;
    return cs.status?.observedGeneration === cs.metadata.generation && r && r !== oldRevision ? r : undefined;
  });
  return { oldRevision, newRevision };
}

interface ShownFates {
  inPlace: string[];
  recreated: string[];
  deleted: string[];
  groups: { of: string[]; counts: Partial<Record<Fate, { min: number; max: number }>> }[];
}

/** A fates block (components/update/FatesView.tsx) as the page shows it, read in one pass. */
export function readFates(block: Locator): Promise<ShownFates> {
  return block.evaluate((el) => {
    const list = (id: string) =>
      [...el.querySelectorAll(`[data-testid=${id}]`)]
        .flatMap((x) => (x.getAttribute("data-pods") ?? "").split(","))
        .filter(Boolean);
    return {
      inPlace: list("fate-in-place"),
      recreated: list("fate-recreate"),
      deleted: list("fate-deleted"),
      groups: [...el.querySelectorAll("[data-testid=fate-group]")].map((g) => ({
        of: (g.getAttribute("data-of") ?? "").split(",").filter(Boolean),
        counts: JSON.parse(g.getAttribute("data-counts") ?? "{}") as ShownFates["groups"][number]["counts"],
      })),
    };
  });
}

/** What happened to a pod that was there before, by the watch. */
function fateOf(h: PodHistory, pod: string): Fate {
  if (h.recreated.includes(pod)) return "recreate";
  if (h.deleted.includes(pod)) return "deleted";
  return h.inPlace.includes(pod) ? "in-place" : "kept";
}

/** Where the preview and what the watch saw disagree, as messages (empty when the preview held). */
export function fateBreaks(shown: ShownFates, h: PodHistory, before: string[]): string[] {
  const out: string[] = [];
  const exact: [Fate, string[]][] = [
    ["in-place", shown.inPlace],
    ["recreate", shown.recreated],
    ["deleted", shown.deleted],
  ];
  const named = new Set([...exact.flatMap(([, pods]) => pods), ...shown.groups.flatMap((g) => g.of)]);
  for (const [fate, pods] of exact)
    for (const p of pods) if (fateOf(h, p) !== fate) out.push(`${p}: shown ${fate}, was ${fateOf(h, p)}`);
  for (const g of shown.groups)
    for (const [fate, r] of Object.entries(g.counts) as [Fate, { min: number; max: number }][]) {
      const got = g.of.filter((p) => fateOf(h, p) === fate).length;
      if (got < r.min || got > r.max) out.push(`${got} of [${g.of}] ${fate}, shown ${r.min}–${r.max}`);
    }
  for (const p of before)
    if (!named.has(p) && fateOf(h, p) !== "kept") out.push(`${p} was ${fateOf(h, p)} but the preview left it out`);
  return out;
}

/**
 * Partition N → 0 under maxSurge: the preview says how many surge pods come first and names every pod's fate (or
 * its group's); Apply; the watch sees exactly that many surge pods alive at once, and every pod Kruise updated in
 * place, recreated or deleted rather than updated is where the preview put it.
 */
export async function surgePreviewHolds(
  page: Page,
  c: E2ECluster,
  o: { ns: string; name: string; replicas: number; strategy: Strategy; surge: number; budget: string },
) {
  const { ns, name, replicas: n } = o;
  const { newRevision } = await rolledToNewImage(c, ns, name, n, o.strategy);
  const before = names(c, ns, name).sort();
  await page.goto(pages.cloneSet(c.context, ns, name));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await setSlider(page, 0);
  await expect(page.getByTestId("preview-surge")).toHaveAttribute("data-count", String(o.surge));
  await expect(page.getByTestId("preview-surge")).toContainText(o.budget);
  const shown = await readFates(page.getByTestId("preview-fates"));
  const named = [...shown.inPlace, ...shown.recreated, ...shown.deleted, ...shown.groups.flatMap((g) => g.of)];
  expect(named.sort(), "every pod has a fate").toEqual(before);
  const watch = watchPods(c, ns, name);
  try {
    await watch.ready;
    await page.getByRole("button", { name: "Apply partition" }).click();
    await expect(page.getByTestId("applied")).toContainText("→ 0");
    await until(`${n} pods ready on the new revision, the surge pods gone`, () => settled(c, ns, name, n), 300_000);
    expect(onRevision(c, ns, name, newRevision)).toHaveLength(n);
    await caughtUp(watch, c, ns, name);
    const h = watch.history();
    const why = `preview ${JSON.stringify(shown)}; watch ${JSON.stringify(h)}`;
    expect(h.mostAlive, `surge pods alive at once: ${why}`).toBe(n + o.surge);
    expect(fateBreaks(shown, h, before), why).toEqual([]);
  } finally {
    watch.stop();
  }
}

const GOOD = "registry.example.com/shop/cart:1.4.0";
const BAD = "registry.example.com/shop/cart:1.5.0-bad";

/**
 * 10 pods, 8 on the revision to roll back to and 2 failing on a newer one (its image cannot be pulled, partition 8):
 * the action bar's rollback names exactly those 2, and Kruise then touches exactly those 2, as the preview said.
 */
export async function rollbackNamesThePodsOffTarget(page: Page, c: E2ECluster, ns: string, name: string) {
  const s: Strategy = { type: "InPlaceIfPossible" };
  c.apply(manifest(ns, name, 10, GOOD, s));
  const good = await until("10 ready pods on the good image", () => settled(c, ns, name, 10), 300_000);
  c.apply(manifest(ns, name, 10, BAD, { ...s, partition: 8 }));
  const failing = await until("2 pods on the newer revision, failing", () => {
    const st = get(c, ns, name).status;
    const off = podsOf(c, ns, name).filter((p) => p.metadata.labels?.["controller-revision-hash"] !== good);
    return st?.updateRevision !== good && off.length === 2 && off.every((p) => !isReady(p)) && st?.readyReplicas === 8
      ? off.map((p) => p.metadata.name).sort()
      : undefined;
  });
  await page.goto(pages.cloneSet(c.context, ns, name));
  const button = page.getByTestId("bar-rollback").getByRole("button", { name: /^Roll back to #1 cart:1\.4\.0/ });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole("dialog", { name: /Roll back to #1 cart:1\.4\.0/ });
  await expect(dialog.getByTestId("rollback-choice")).toHaveAttribute("data-every-pod", "true");
  const shown = await readFates(dialog.getByTestId("rollback-fates"));
  expect(shown.groups, "no group: Kruise's choice is not open here").toEqual([]);
  expect([...shown.inPlace, ...shown.recreated, ...shown.deleted].sort()).toEqual(failing);
  const watch = watchPods(c, ns, name);
  try {
    await watch.ready;
    await dialog.getByTestId("confirm-send").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await until("every pod ready on the good revision", () => settled(c, ns, name, 10) === good, 300_000);
    await caughtUp(watch, c, ns, name);
    const h = watch.history();
    const why = `preview ${JSON.stringify(shown)}; watch ${JSON.stringify(h)}`;
    const touched = [...new Set([...h.inPlace, ...h.deleted])].sort();
    expect(touched, `the pods Kruise touched: ${why}`).toEqual(failing);
    expect(fateBreaks(shown, h, failing), why).toEqual([]);
  } finally {
    watch.stop();
  }
}

/**
 * 4 pods, then 2 more made later, all ready; scaling in to 3 in the console: the preview names the pods Kruise
 * deletes, in its order (the 2 newer first), and the third as "1 of these 4" where the older pods tie; Kruise deletes
 * exactly that many, among those, and creates nothing.
 */
export async function scaleInNamesThePodsThatGo(page: Page, c: E2ECluster, ns: string, name: string) {
  const s: Strategy = { type: "InPlaceIfPossible" };
  c.apply(manifest(ns, name, 4, "api:1.0", s));
  await until("4 ready pods", () => settled(c, ns, name, 4), 300_000);
  c.apply(manifest(ns, name, 6, "api:1.0", s));
  await until("6 ready pods", () => settled(c, ns, name, 6), 300_000);
  const before = names(c, ns, name).sort();
  await page.goto(pages.cloneSet(c.context, ns, name));
  const replicas = page.getByRole("textbox", { name: "Replicas" });
  await expect(replicas).toBeEnabled();
  await replicas.fill("3");
  const preview = page.getByTestId("scale-preview");
  await expect(preview).toHaveAttribute("data-direction", "in");
  await expect(preview).toContainText("Scaling in to 3 deletes 3 pods");
  const shown = await preview.evaluate((el) => ({
    exact: [...el.querySelectorAll("[data-testid=scale-pod]")].map((x) => x.getAttribute("data-name") ?? ""),
    ties: [...el.querySelectorAll("[data-testid=scale-tie]")].map((x) => ({
      count: Number(x.getAttribute("data-count")),
      of: (x.getAttribute("data-of") ?? "").split(","),
    })),
  }));
  expect(shown.exact.length + shown.ties.reduce((a, g) => a + g.count, 0), JSON.stringify(shown)).toBe(3);
  const watch = watchPods(c, ns, name);
  try {
    await watch.ready;
    await page.getByRole("button", { name: "Apply replicas" }).click();
    await expect(page.getByTestId("replicas-applied")).toContainText("Replicas 6 → 3 applied");
    await until("3 pods left", () => settled(c, ns, name, 3), 300_000);
    await caughtUp(watch, c, ns, name);
    const h = watch.history();
    const gone = before.filter((p) => h.deleted.includes(p));
    const why = `preview ${JSON.stringify(shown)}; watch ${JSON.stringify(h)}`;
    expect(gone, why).toHaveLength(3);
    expect(h.created, why).toEqual([]);
    for (const p of shown.exact) expect(gone, why).toContain(p);
    for (const g of shown.ties)
      expect(
        gone.filter((p) => g.of.includes(p)),
        why,
      ).toHaveLength(g.count);
  } finally {
    watch.stop();
  }
}
