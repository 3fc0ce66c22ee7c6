/**
 * Advanced StatefulSet, end to end on the sandbox (statefulset-scenarios.ts holds the scenarios; each takes the
 * cluster, so the same functions run on a cluster with the real kruise-manager by passing its context).
 */
import { test } from "./fixtures";
import { e2eCluster, ownNamespace } from "./workload-cluster";
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
  const ns = ownNamespace(c, "e2e-asts");
  try {
    await partitionPreviewMovesThosePods(page, c, ns, "db");
  } finally {
    c.kubectl("delete", "namespace", ns, "--wait=false");
  }
});

test("a rollback says which ordinals move back, in place, and which the partition keeps; then exactly that happens", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  const ns = ownNamespace(c, "e2e-asts-undo");
  try {
    await rollbackMovesWhatItPredicted(page, c, ns, "db");
  } finally {
    c.kubectl("delete", "namespace", ns, "--wait=false");
  }
});

test("a YAML edit racing a kubectl scale shows base, mine and theirs and writes nothing", async ({ page }) => {
  test.setTimeout(300_000);
  const c = cluster();
  const ns = ownNamespace(c, "e2e-asts-edit");
  try {
    await editRacingKubectlIsCaught(page, c, ns, "db");
  } finally {
    c.kubectl("delete", "namespace", ns, "--wait=false");
  }
});
