/**
 * Advanced DaemonSet scenarios, one function each, on any cluster (`E2ECluster`) with nodes in three or more zones:
 * the page marks the nodes that should not run a pod and those rollingUpdate.selector leaves out; the slider's
 * preview names the nodes' pods that move (and, where Kruise's order is open, the group each round takes from);
 * Apply moves exactly those; a partition changed by someone else is caught; a rollback says which pods move
 * (docs/kruise-rules.md §14.1, §14.6, §14.9, §14.10).
 */
import { type Page } from "@playwright/test";
import { expect } from "./fixtures";
import { editorLines, focusEditor } from "./monaco";
import { pages } from "./paths";
import { isReady, podsOf, readPreview, setSlider, until, type E2ECluster } from "./workload-cluster";

export const ADS = "daemonsets.apps.kruise.io";
const ZONE = "topology.kubernetes.io/zone";

interface DsJ {
  metadata: { generation: number };
  spec: { updateStrategy: { rollingUpdate: { partition?: number } } };
  status?: {
    observedGeneration?: number;
    daemonSetHash?: string;
    numberReady?: number;
    desiredNumberScheduled?: number;
  };
}
interface NodeJ {
  metadata: { name: string; labels?: Record<string, string> };
}

/** The cluster's zones, each with its nodes by name: the scenarios pick one to update and one to stay off. */
export function zones(c: E2ECluster): { zone: string; nodes: string[] }[] {
  const byZone = new Map<string, string[]>();
  for (const n of c.json<{ items: NodeJ[] }>("get", "nodes").items) {
    const z = n.metadata.labels?.[ZONE];
    if (z) byZone.set(z, [...(byZone.get(z) ?? []), n.metadata.name].sort());
  }
  const out = [...byZone.entries()]
    .map(([zone, nodes]) => ({ zone, nodes }))
    .sort((a, b) => a.zone.localeCompare(b.zone));
  if (out.length < 3)
    throw new Error(`these scenarios need nodes in 3 zones (label ${ZONE}); the cluster has ${out.length}`);
  return out;
}

/**
 * One pod on every node outside zone `off`; the update reaches only zone `picked` (rollingUpdate.selector), one node
 * at a time; the partition keeps every node at first.
 */
export function daemonSetManifest(
  ns: string,
  name: string,
  image: string,
  z: { picked: string; off: string },
  partition: number,
) {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "DaemonSet",
    metadata: { name, namespace: ns },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: "NotIn", values: [z.off] }] }],
              },
            },
          },
          containers: [{ name: "agent", image }],
        },
      },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: {
          rollingUpdateType: "InPlaceIfPossible",
          maxUnavailable: 1,
          partition,
          selector: { matchLabels: { [ZONE]: z.picked } },
        },
      },
    },
  };
}

const get = (c: E2ECluster, ns: string, name: string) => c.json<DsJ>("get", ADS, "-n", ns, name);
const withHash = (c: E2ECluster, ns: string, name: string, hash: string) =>
  podsOf(c, ns, name)
    .filter((p) => p.metadata.labels?.["controller-revision-hash"] === hash && isReady(p))
    .map((p) => p.metadata.name)
    .sort();

/** Created on every node outside `off`, all ready, then a new image the partition holds back; the two hashes. */
export async function rolledToNewImage(
  c: E2ECluster,
  ns: string,
  name: string,
  z: { picked: string; off: string },
  partition: number,
) {
  c.apply(daemonSetManifest(ns, name, "agent:1.0", z, partition));
  const want = zones(c)
    .filter((x) => x.zone !== z.off)
    .flatMap((x) => x.nodes).length;
  await until(
    `${want} ready pods`,
    () => {
      const s = get(c, ns, name).status;
      return s?.desiredNumberScheduled === want && s.numberReady === want;
    },
    240_000,
  );
  const oldHash = get(c, ns, name).status!.daemonSetHash!;
  c.apply(daemonSetManifest(ns, name, "agent:2.0", z, partition));
  const newHash = await until("a new revision hash", () => {
    const h = get(c, ns, name).status?.daemonSetHash;
    return h && h !== oldHash ? h : undefined;
  });
  return { oldHash, newHash, want };
}

/**
 * The nodes table marks zone `off` as not running a pod (with why) and the other unpicked zones as left out by the
 * selector; lowering the partition to let two nodes update names the picked zone's two pods, each round one of them
 * as a group (Kruise visits nodes in map order); Apply moves exactly those; then a concurrent partition is caught.
 */
export async function partitionPreviewMovesThoseNodes(page: Page, c: E2ECluster, ns: string, name: string) {
  const all = zones(c);
  const z = { picked: all[0].zone, off: all[2].zone };
  const considered = all.filter((x) => x.zone !== z.off).flatMap((x) => x.nodes).length;
  const { newHash } = await rolledToNewImage(c, ns, name, z, considered);
  const picked = all[0].nodes.slice(0, 2);
  await page.goto(pages.workload(c.context, ns, "daemonsets", name));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  for (const n of all[2].nodes) {
    const row = page.locator(`[data-testid=node-row][data-node="${n}"]`);
    await expect(row.locator("[data-col=runs]")).toContainText("nodeSelector or required node affinity does not match");
  }
  for (const n of all[1].nodes)
    await expect(page.locator(`[data-testid=node-row][data-node="${n}"]`)).toHaveAttribute("data-reach", "excluded");
  // Partition counts every node the update considers: keeping all but two lets the two picked nodes update.
  await setSlider(page, considered - picked.length);
  await expect(page.getByTestId("preview-update")).toHaveText(`${picked.length} nodes on the update revision`);
  const shown = await readPreview(page);
  const podOn = (node: string) => podsOf(c, ns, name).find((p) => p.spec.nodeName === node)!.metadata.name;
  const expected = picked.map(podOn).sort();
  expect([...shown.exact].sort()).toEqual(expected);
  expect(shown.rounds.length).toBe(2);
  expect(shown.rounds[0].ties[0]).toMatchObject({ count: 1 });
  expect([...shown.rounds[0].ties[0].of].sort()).toEqual(expected);
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("applied")).toContainText(`→ ${considered - picked.length}`);
  await until("the two picked nodes' pods on the new revision", () =>
    withHash(c, ns, name, newHash).join() === expected.join() ? true : undefined,
  );
  for (const n of picked)
    await expect(page.locator(`[data-testid=node-row][data-node="${n}"]`)).toHaveAttribute("data-state", "new");

  await setSlider(page, 0);
  c.kubectl(
    "patch",
    ADS,
    name,
    "-n",
    ns,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":1}}}}',
  );
  await page.getByRole("button", { name: "Apply partition" }).click();
  await expect(page.getByTestId("conflict")).toContainText(
    "partition changed on the cluster since you previewed it: now 1",
  );
  expect(get(c, ns, name).spec.updateStrategy.rollingUpdate.partition).toBe(1);
}

/** Back to the old revision: the prediction names the picked zone's updated pods with their nodes; they move back. */
export async function rollbackMovesWhatItPredicted(page: Page, c: E2ECluster, ns: string, name: string) {
  const all = zones(c);
  const z = { picked: all[0].zone, off: all[2].zone };
  const { oldHash, newHash } = await rolledToNewImage(c, ns, name, z, 0);
  const movedForward = await until("the picked zone's pods on the new revision", () => {
    const on = withHash(c, ns, name, newHash);
    return on.length === all[0].nodes.length ? on : undefined;
  });
  await page.goto(pages.workload(c.context, ns, "daemonsets", name));
  const oldRevision = `${name}-${oldHash}`;
  await page.getByLabel("Left revision").selectOption(oldRevision);
  await page.getByRole("button", { name: `Roll back to this revision (${oldRevision})` }).click();
  const moves = page.getByTestId("rollback-move");
  await expect(moves).toHaveCount(movedForward.length);
  const predicted = await moves.evaluateAll((els) => els.map((e) => e.getAttribute("data-name") ?? "").sort());
  expect(predicted).toEqual(movedForward);
  await page.getByRole("button", { name: "Confirm rollback" }).click();
  await until(
    "every pod back on the old revision",
    () => withHash(c, ns, name, newHash).length === 0 && withHash(c, ns, name, oldHash).length > 0,
  );
}

/** The partition edited in the YAML editor while kubectl sets another: a conflict, base/mine/theirs. */
export async function editRacingKubectlIsCaught(page: Page, c: E2ECluster, ns: string, name: string) {
  const all = zones(c);
  c.apply(daemonSetManifest(ns, name, "agent:1.0", { picked: all[0].zone, off: all[2].zone }, 4));
  await page.goto(pages.edit(c.context, ns, "daemonsets", name));
  await expect(editorLines(page)).toContainText("kind: DaemonSet", { timeout: 60_000 });
  await focusEditor(page);
  await page.keyboard.press("Control+H");
  await page.locator(".find-widget textarea[aria-label=Find]").fill("partition: 4");
  const replace = page.locator(".find-widget textarea[aria-label=Replace]");
  await replace.fill("partition: 2");
  await replace.press("Control+Alt+Enter");
  await page.keyboard.press("Escape");
  await expect(editorLines(page)).toContainText("partition: 2");
  c.kubectl(
    "patch",
    ADS,
    name,
    "-n",
    ns,
    "--type=merge",
    "-p",
    '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":3}}}}',
  );
  await expect(page.getByTestId("live-banner")).toContainText("partition");
  await page.getByTestId("save").click();
  const row = page.locator("[data-testid=conflict-row][data-field='spec.updateStrategy.rollingUpdate.partition']");
  await expect(row.getByTestId("value-base")).toHaveText("4");
  await expect(row.getByTestId("value-mine")).toHaveText("2");
  await expect(row.getByTestId("value-theirs")).toHaveText("3");
  expect(get(c, ns, name).spec.updateStrategy.rollingUpdate.partition).toBe(3);
}
