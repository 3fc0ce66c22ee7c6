/**
 * A Kruise Rollout whose workloadRef is an Advanced StatefulSet, end to end on the sandbox (docs/kruise-rollouts.md
 * §15): the StatefulSet page shows the Rollout's steps and controls, the partition and pause controls give way to
 * it, the list badges the row, and approving a step moves the ordinals the next step names. Objects live in a
 * namespace of their own, unique per run and repeat.
 */
import { expect, test } from "./fixtures";
import { pages } from "./paths";
import { ASTS } from "./statefulset-scenarios";
import { e2eCluster, isReady, ownNamespace, podsOf, until, type E2ECluster } from "./workload-cluster";

const NAME = "ledger";
const ROLLOUTS = "rollouts.rollouts.kruise.io";

interface RolloutJ {
  spec?: { strategy?: { paused?: boolean } };
  status?: { phase?: string; canaryStatus?: { currentStepIndex?: number; currentStepState?: string } };
}
interface StsJ {
  metadata: { labels?: Record<string, string> };
  spec: { updateStrategy: { rollingUpdate?: { partition?: number } } };
  status?: { readyReplicas?: number; updateRevision?: string };
}

function statefulSet(ns: string, image: string) {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name: NAME, namespace: ns },
    spec: {
      replicas: 5,
      serviceName: NAME,
      selector: { matchLabels: { app: NAME } },
      template: {
        metadata: { labels: { app: NAME } },
        spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "app", image }] },
      },
      updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } },
    },
  };
}

const rollout = (ns: string) => ({
  apiVersion: "rollouts.kruise.io/v1beta1",
  kind: "Rollout",
  metadata: { name: NAME, namespace: ns },
  spec: {
    workloadRef: { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", name: NAME },
    strategy: { canary: { steps: [{ replicas: 1, pause: {} }, { replicas: "60%", pause: {} }, { replicas: "100%" }] } },
  },
});

const sts = (c: E2ECluster, ns: string) => c.json<StsJ>("get", ASTS, "-n", ns, NAME);
const ro = (c: E2ECluster, ns: string) => c.json<RolloutJ>("get", ROLLOUTS, "-n", ns, NAME);
const pausedAt = (c: E2ECluster, ns: string, step: number) => {
  const s = ro(c, ns).status?.canaryStatus;
  return s?.currentStepIndex === step && s.currentStepState === "StepPaused";
};
/** The ordinals on the update revision and Ready, ascending. */
function updatedOrdinals(c: E2ECluster, ns: string): number[] {
  const rev = sts(c, ns).status?.updateRevision;
  return podsOf(c, ns, NAME)
    .filter((p) => p.metadata.labels?.["controller-revision-hash"] === rev && isReady(p))
    .map((p) => Number(p.metadata.name.slice(NAME.length + 1)))
    .sort((a, b) => a - b);
}

test("the StatefulSet page shows its Rollout at step 1 (ordinal 4); approve moves ordinals 2 and 3; pause, resume; disable finishes", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = e2eCluster();
  const ns = ownNamespace(c, "e2e-rasts");
  try {
    c.apply(statefulSet(ns, "nginx:1.25"));
    c.apply(rollout(ns));
    await until(
      "5 ready pods, the Rollout Healthy and the workload labelled",
      () =>
        sts(c, ns).status?.readyReplicas === 5 &&
        sts(c, ns).metadata.labels?.["rollouts.kruise.io/workload-type"] === "statefulset" &&
        ro(c, ns).status?.phase === "Healthy",
      240_000,
    );
    c.apply(statefulSet(ns, "nginx:1.26"));
    await until("step 1 waiting for approval", () => pausedAt(c, ns, 1), 240_000);
    await until("ordinal 4 updated and ready", () => updatedOrdinals(c, ns).join() === "4", 240_000);
    expect(sts(c, ns).spec.updateStrategy.rollingUpdate?.partition).toBe(4);

    await page.goto(pages.workload(c.context, ns, "statefulsets", NAME));
    await expect(page.getByTestId("kruise-rollout")).toBeVisible();
    await expect(page.getByTestId("rollout-badge").first()).toContainText(
      `Rollout ${NAME}: step 1/3, waiting for approval`,
    );
    await expect(page.locator("[data-testid=rollout-strip-step][data-place=current]")).toContainText("Step 1 of 3");
    // The Rollout owns the partition and pause: no slider to fight it, and the reason.
    await expect(page.getByRole("slider", { name: /Partition/ })).toHaveCount(0);
    await expect(page.getByTestId("rollout-owned")).toContainText(`Kruise Rollout ${NAME}`);
    await expect(page.getByTestId("pause-control")).toHaveCount(0);
    await expect(page.locator('[data-testid=ordinal][data-ordinal="4"]')).toHaveAttribute("data-updated", "true");
    await expect(page.locator('[data-testid=ordinal][data-ordinal="3"]')).not.toHaveAttribute("data-updated", "true");

    const approve = page.getByTestId("rollout-action-approve");
    await approve.getByRole("button", { name: "Show request" }).click();
    await expect(approve.getByTestId("shown-request")).toContainText(`/rollouts/${NAME}/status`);
    await approve.getByRole("button", { name: "Approve step 1" }).click();
    await expect(page.getByTestId("rollout-action-done")).toContainText("Step 1 approved");

    // Step 2 is 60% of 5 pods: 3, so the ordinal partition 2 and ordinals 2, 3 and 4 on the new revision.
    await until("step 2 waiting for approval", () => pausedAt(c, ns, 2), 240_000);
    await until("ordinals 2, 3 and 4 updated and ready", () => updatedOrdinals(c, ns).join() === "2,3,4", 240_000);
    expect(sts(c, ns).spec.updateStrategy.rollingUpdate?.partition).toBe(2);
    await expect(page.getByTestId("rollout-badge").first()).toContainText("step 2/3", { timeout: 60_000 });
    for (const o of [2, 3, 4])
      await expect(page.locator(`[data-testid=ordinal][data-ordinal="${o}"]`)).toHaveAttribute("data-updated", "true");
    await expect(page.locator('[data-testid=ordinal][data-ordinal="1"]')).not.toHaveAttribute("data-updated", "true");

    // The list badges the StatefulSet row with the same words.
    await page.goto(pages.list(c.context, "statefulsets", { ns }));
    const row = page.locator(`[data-testid=statefulset-row][data-name="${NAME}"][data-namespace="${ns}"]`);
    await expect(row.getByTestId("rollout-badge")).toContainText(`Rollout ${NAME}: step 2/3, waiting for approval`);

    // Pause and resume flip the Rollout's spec.strategy.paused, never the StatefulSet's (from the Rollout's section;
    // the action bar offers the same actions).
    await page.goto(pages.workload(c.context, ns, "statefulsets", NAME));
    await expect(
      page.getByTestId("bar-rollout-pause").getByRole("button", { name: "Pause Rollout", exact: true }),
    ).toBeVisible();
    await page.getByTestId("rollout-action-pause").getByRole("button", { name: "Pause Rollout" }).click();
    await until("the Rollout paused", () => ro(c, ns).spec?.strategy?.paused === true);
    await page.getByTestId("rollout-action-resume").getByRole("button", { name: "Resume Rollout" }).click();
    await until("the Rollout resumed", () => ro(c, ns).spec?.strategy?.paused === false);

    // Disable asks first; confirmed, the Rollout finishes the release at full speed: every ordinal, partition 0.
    await page.getByTestId("rollout-action-disable").getByRole("button", { name: "Disable Rollout…" }).click();
    const dialog = page.getByRole("dialog", { name: "Disable Rollout?" });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("confirm-send").click();
    await until("the Rollout Disabled", () => ro(c, ns).status?.phase === "Disabled", 240_000);
    await until("every ordinal updated and ready", () => updatedOrdinals(c, ns).join() === "0,1,2,3,4", 240_000);
    expect(sts(c, ns).spec.updateStrategy.rollingUpdate?.partition).toBe(0);
    await expect(page.locator('[data-testid=ordinal][data-ordinal="0"]')).toHaveAttribute("data-updated", "true");
  } finally {
    c.kubectl("delete", "namespace", ns, "--wait=false");
  }
});

test("abort: rolling back to the stable revision from the StatefulSet page says the Rollout cancels, and it does", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = e2eCluster();
  const ns = ownNamespace(c, "e2e-rasts-abort");
  try {
    c.apply(statefulSet(ns, "nginx:1.25"));
    c.apply(rollout(ns));
    await until(
      "5 ready pods and the Rollout Healthy",
      () => sts(c, ns).status?.readyReplicas === 5 && ro(c, ns).status?.phase === "Healthy",
      240_000,
    );
    const stable = sts(c, ns).status!.updateRevision!;
    c.apply(statefulSet(ns, "nginx:1.26"));
    await until("step 1 waiting for approval", () => pausedAt(c, ns, 1), 240_000);
    await until("ordinal 4 updated and ready", () => updatedOrdinals(c, ns).join() === "4", 240_000);

    await page.goto(pages.workload(c.context, ns, "statefulsets", NAME));
    await expect(page.getByTestId("kruise-rollout")).toBeVisible();
    await page.getByLabel("Left revision").selectOption(stable);
    await page.getByRole("button", { name: `Roll back to this revision (${stable})` }).click();
    await expect(page.getByTestId("rollback-rollout-note").first()).toContainText(
      "the Rollout cancels the release (partition → 0)",
    );
    await page.getByRole("button", { name: "Confirm rollback" }).click();
    await until(
      "the release cancelled: Healthy, Succeeded False",
      () => {
        const r = c.json<{ status?: { phase?: string; conditions?: { type: string; status: string }[] } }>(
          "get",
          ROLLOUTS,
          "-n",
          ns,
          NAME,
        );
        return (
          r.status?.phase === "Healthy" &&
          r.status.conditions?.some((x) => x.type === "Succeeded" && x.status === "False")
        );
      },
      240_000,
    );
    await until(
      "every ordinal back on the stable revision",
      () => sts(c, ns).status?.updateRevision === stable && updatedOrdinals(c, ns).length === 5,
      240_000,
    );
    expect(sts(c, ns).spec.updateStrategy.rollingUpdate?.partition).toBe(0);
  } finally {
    c.kubectl("delete", "namespace", ns, "--wait=false");
  }
});
