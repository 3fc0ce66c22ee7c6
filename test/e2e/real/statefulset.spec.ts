/**
 * Advanced StatefulSet on the real controller (kruise-manager v1.6.2 with its webhooks, context `kruise`): the same scenarios
 * as on the sandbox (statefulset-scenarios.ts, run there from statefulset.spec.ts), judged by kruise-manager.
 */
import { test } from "../fixtures";
import { realCluster } from "../real";
import { e2eCluster, inOwnNamespace, type E2ECluster } from "../workload-cluster";
import {
  editRacingKubectlIsCaught,
  partitionPreviewMovesThosePods,
  rollbackMovesWhatItPredicted,
} from "../statefulset-scenarios";

let real: E2ECluster;
test.beforeAll(async () => {
  // A first run may still be building kruise-manager (minutes).
  test.setTimeout(660_000);
  await realCluster();
  real = e2eCluster("kruise");
});
const cluster = () => real;

test("on kruise-manager, the slider's preview names the ordinals that move, Apply moves exactly those live, a concurrent partition is caught", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-real-asts", (ns) => partitionPreviewMovesThosePods(page, c, ns, "db"));
});

test("on kruise-manager, a rollback moves every ordinal back by default; keeping the partition, it says which ordinals move back, in place, and which stay; then exactly that happens", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-real-asts-undo", (ns) => rollbackMovesWhatItPredicted(page, c, ns, "db"));
});

test("on kruise-manager, a YAML edit racing a kubectl scale shows base, mine and theirs and writes nothing", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-real-asts-edit", (ns) => editRacingKubectlIsCaught(page, c, ns, "db"));
});
