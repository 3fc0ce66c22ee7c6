import { expect, test } from "./fixtures";
import { kubectlJson, sandboxAdmin } from "./cluster";
import { cloneSets, type CS } from "./demo";

// The demo's CloneSets create their pods in one burst, so pods share creation (and often Ready)
// seconds: Kruise's order cannot tell them apart, and the preview must say so rather than guess.
// The tie is computed here from kubectl's view with the ActivePods keys, independently of lib/kruise.

interface PodJ {
  metadata: {
    name: string;
    creationTimestamp: string;
    labels?: Record<string, string>;
    ownerReferences?: { uid: string }[];
    deletionTimestamp?: string;
  };
  spec: { nodeName?: string };
  status?: {
    phase?: string;
    conditions?: { type: string; status: string; lastTransitionTime?: string }[];
    containerStatuses?: { restartCount: number }[];
  };
}
interface CSJ extends CS {
  metadata: CS["metadata"] & { uid: string };
  status?: CS["status"] & { observedGeneration?: number };
}

const sec = (t?: string) => (t ? Math.floor(Date.parse(t) / 1000) : 0);
const ready = (p: PodJ) => p.status?.conditions?.find((c) => c.type === "Ready" && c.status === "True");
const phase = (p: PodJ) => ({ Pending: 0, Unknown: 1, Running: 2 })[p.status?.phase ?? ""] ?? 0;
const restarts = (p: PodJ) => Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount));

/** k8s ActivePods.Less keys, in order, each oriented so that smaller goes first. */
function keys(p: PodJ): number[] {
  const r = ready(p);
  return [
    p.spec.nodeName ? 1 : 0,
    phase(p),
    r ? 1 : 0,
    r ? -sec(r.lastTransitionTime) : 0,
    -restarts(p),
    -sec(p.metadata.creationTimestamp),
  ];
}
const cmp = (a: number[], b: number[]) => a.reduce((d, x, i) => d || x - b[i], 0);

interface Found {
  cs: CSJ;
  partition: number;
  /** slider target: moving `partition − target` pods cuts a tie group */
  target: number;
  exact: string[];
  group: string[];
  count: number;
}

/** Demo CloneSets' old pods with their sort keys, for the failure message. */
let seen = "";

/** A demo CloneSet and a lower partition whose pods to move end inside a group of tied pods. */
function findTie(): Found | undefined {
  seen = "";
  for (const cs of cloneSets() as CSJ[]) {
    const p = cs.spec.updateStrategy?.partition;
    const rev = cs.status?.updateRevision;
    if (!["shop", "payments"].includes(cs.metadata.namespace) || typeof p !== "number" || p < 2 || !rev) continue;
    if (cs.spec.updateStrategy?.paused || cs.status?.observedGeneration !== cs.metadata.generation) continue;
    const pods = kubectlJson<{ items: PodJ[] }>("get", "pods", "-n", cs.metadata.namespace).items.filter(
      (x) => !x.metadata.deletionTimestamp && (x.metadata.ownerReferences ?? []).some((o) => o.uid === cs.metadata.uid),
    );
    const hash = rev.slice(rev.lastIndexOf("-") + 1);
    const state = (x: PodJ) => x.metadata.labels?.["lifecycle.apps.kruise.io/state"] ?? "";
    const old = pods.filter((x) => !(x.metadata.labels?.["controller-revision-hash"] ?? "").endsWith(hash));
    seen += `${cs.metadata.name}: ${old.map((x) => `${x.metadata.name}[${keys(x).join(" ")}]${state(x)}`).join(", ")}\n`;
    if (old.length !== p || old.some((x) => state(x) !== "" && state(x) !== "Normal")) continue;
    const sorted = [...old].sort((a, b) => cmp(keys(a), keys(b)));
    for (let m = 1; m < p; m++) {
      const at = sorted[m - 1];
      const group = sorted.filter((x) => cmp(keys(x), keys(at)) === 0);
      const before = sorted.slice(0, m);
      if (group.length < 2 || group.every((x) => before.includes(x))) continue;
      return {
        cs,
        partition: p,
        target: p - m,
        exact: before.filter((x) => !group.includes(x)).map((x) => x.metadata.name),
        group: group.map((x) => x.metadata.name).sort(),
        count: group.filter((x) => before.includes(x)).length,
      };
    }
  }
  return undefined;
}

test("the preview names a tie group, not a guessed pod, for demo CloneSets whose pods were created together", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The demo converges after the server is up: ask kubectl until the pods tie somewhere, then say what it saw.
  let found: Found | undefined;
  let lastError = "";
  for (const end = Date.now() + 180_000; !found && Date.now() < end;) {
    try {
      found = findTie();
    } catch (e) {
      lastError = String(e).slice(0, 300);
    }
    if (!found) await new Promise((r) => setTimeout(r, 2000));
  }
  if (!found)
    throw new Error(
      `no demo CloneSet's next pods tie on every key Kruise sorts by; old pods [keys]:\n${seen}${lastError ? `last kubectl error: ${lastError}` : ""}`,
    );
  const { cs, partition, target, exact, group, count } = found!;
  await page.goto(
    `/c/${encodeURIComponent(sandboxAdmin().context)}/ns/${cs.metadata.namespace}/clonesets/${cs.metadata.name}`,
  );
  const slider = page.getByRole("slider", { name: /Partition/ });
  await expect(slider).toBeEnabled();
  await slider.focus();
  for (let i = target; i < partition; i++) await slider.press("ArrowLeft");
  await expect(slider).toHaveValue(String(target));
  const tie = page.getByTestId("preview-will-move").getByTestId("preview-tie");
  await expect(tie).toHaveCount(1);
  await expect(tie).toHaveAttribute("data-count", String(count));
  expect((await tie.getAttribute("data-of"))!.split(",").sort()).toEqual(group);
  await expect(tie).toContainText(
    `${count} of these ${group.length} pods (they tie on every key Kruise sorts by; Kruise picks among them)`,
  );
  const named = page.getByTestId("preview-will-move").getByTestId("preview-pod");
  expect((await named.evaluateAll((els) => els.map((e) => e.getAttribute("data-name")))).sort()).toEqual(exact.sort());
});
