/**
 * The CloneSet previews on the real controller (kruise-manager v1.6.2 with its webhooks, context `kruise`): the
 * surge preview's fates, the rollback prediction and the scale-in prediction name the pods kruise-manager then
 * touches, as a watch on the pods records it (cloneset-scenarios.ts; the same scenarios run on the sandbox from
 * cloneset-previews.spec.ts).
 */
import { test } from "../fixtures";
import { realCluster } from "../real";
import { e2eCluster, inOwnNamespace, type E2ECluster } from "../workload-cluster";
import { rollbackNamesThePodsOffTarget, scaleInNamesThePodsThatGo, surgePreviewHolds } from "../cloneset-scenarios";

let c: E2ECluster;
test.beforeAll(async () => {
  // A first run may still be building kruise-manager (minutes); afterwards the cluster is up before any spec asks.
  test.setTimeout(660_000);
  await realCluster();
  c = e2eCluster("kruise");
});

/** Runs `body` in a namespace of its own on the real cluster, dropped afterwards whatever happens. */
const inNamespace = (base: string, body: (ns: string) => Promise<void>) => inOwnNamespace(c, base, body);

test("on kruise-manager, ReCreate with maxSurge 2 and maxUnavailable 0: 2 surge pods first, two at a time, and the pods the preview says are deleted rather than updated are", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-real-surge-rc", (ns) =>
    surgePreviewHolds(page, c, {
      ns,
      name: "web",
      replicas: 10,
      strategy: { type: "ReCreate", maxUnavailable: 0, maxSurge: 2 },
      surge: 2,
      budget: "at most 2 at a time (maxUnavailable 0 + 2 surge pods)",
    }),
  );
});

test("on kruise-manager, InPlaceIfPossible with maxSurge 20% and maxUnavailable 30%: the pods updated in place and those deleted instead are where the preview put them", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-real-surge-ip", (ns) =>
    surgePreviewHolds(page, c, {
      ns,
      name: "web",
      replicas: 7,
      strategy: { type: "InPlaceIfPossible", maxUnavailable: "30%", maxSurge: "20%" },
      surge: 2,
      budget: "at most 4 at a time (maxUnavailable 2 + 2 surge pods)",
    }),
  );
});

test("on kruise-manager, rolling back with 8 of 10 pods on the target and 2 failing on a newer revision names those 2, and only they are touched", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-real-rb", (ns) => rollbackNamesThePodsOffTarget(page, c, ns, "cart"));
});

test("on kruise-manager, the scale-in prediction names the pods that go, ties as a group of the right count", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await inNamespace("e2e-real-scale", (ns) => scaleInNamesThePodsThatGo(page, c, ns, "api"));
});
