/**
 * Advanced StatefulSet, end to end on the sandbox (statefulset-scenarios.ts holds the scenarios; each takes the
 * cluster, so the same functions run on a cluster with the real kruise-manager by passing its context).
 */
import { test } from "./fixtures";
import { e2eCluster, inOwnNamespace } from "./workload-cluster";
import {
  editRacingKubectlIsCaught,
  partitionPreviewMovesThosePods,
  rollbackMovesWhatItPredicted,
} from "./statefulset-scenarios";

const cluster = () => e2eCluster();

test("the slider's preview names the ordinals that move, Apply moves exactly those live, a concurrent partition is caught", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-asts", (ns) => partitionPreviewMovesThosePods(page, c, ns, "db"));
});

test("a rollback moves every ordinal back by default; keeping the partition, it says which ordinals move back, in place, and which stay; then exactly that happens", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-asts-undo", (ns) => rollbackMovesWhatItPredicted(page, c, ns, "db"));
});

test("a YAML edit racing a kubectl scale shows base, mine and theirs and writes nothing", async ({ page }) => {
  test.setTimeout(300_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-asts-edit", (ns) => editRacingKubectlIsCaught(page, c, ns, "db"));
});
