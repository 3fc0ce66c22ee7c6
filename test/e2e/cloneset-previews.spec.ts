/**
 * The CloneSet previews on the sandbox, held to what its controller then does (cloneset-scenarios.ts): the same
 * scenarios run on kruise-manager from real/cloneset-previews.spec.ts, so the sandbox is held to the real controller.
 */
import { test } from "./fixtures";
import { e2eCluster, ownNamespace } from "./workload-cluster";
import { rollbackNamesThePodsOffTarget, scaleInNamesThePodsThatGo, surgePreviewHolds } from "./cloneset-scenarios";

const c = () => e2eCluster();

async function inNamespace(base: string, body: (ns: string) => Promise<void>) {
  const ns = ownNamespace(c(), base);
  try {
    await body(ns);
  } finally {
    c().kubectl("delete", "namespace", ns, "--wait=false");
  }
}

test("ReCreate with maxSurge 2 and maxUnavailable 0: 2 surge pods first, two at a time, and the pods the preview says are deleted rather than updated are", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-surge-rc", (ns) =>
    surgePreviewHolds(page, c(), {
      ns,
      name: "web",
      replicas: 10,
      strategy: { type: "ReCreate", maxUnavailable: 0, maxSurge: 2 },
      surge: 2,
      budget: "at most 2 at a time (maxUnavailable 0 + 2 surge pods)",
    }),
  );
});

test("rolling back with 8 of 10 pods on the target and 2 failing on a newer revision names those 2, and only they are touched", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-rb-off", (ns) => rollbackNamesThePodsOffTarget(page, c(), ns, "cart"));
});

test("the scale-in prediction names the pods that go, the newer first, ties as a group of the right count", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-scale-ties", (ns) => scaleInNamesThePodsThatGo(page, c(), ns, "api"));
});
