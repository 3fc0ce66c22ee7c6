/**
 * Advanced DaemonSet, end to end on the sandbox (daemonset-scenarios.ts holds the scenarios; each takes the
 * cluster, so the same functions run on a cluster with the real kruise-manager by passing its context).
 */
import { test } from "./fixtures";
import { e2eCluster, inOwnNamespace } from "./workload-cluster";
import {
  editRacingKubectlIsCaught,
  partitionPreviewMovesThoseNodes,
  rollbackMovesWhatItPredicted,
} from "./daemonset-scenarios";

const cluster = () => e2eCluster();

test("nodes the selector leaves out and nodes that run no pod are marked; the preview names the nodes' pods that move, Apply moves those live, a concurrent partition is caught", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-ads", (ns) => partitionPreviewMovesThoseNodes(page, c, ns, "agent"));
});

test("a rollback names the pods that move back with their nodes; then exactly those move", async ({ page }) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-ads-undo", (ns) => rollbackMovesWhatItPredicted(page, c, ns, "agent"));
});

test("a YAML edit of the partition racing kubectl's shows base, mine and theirs and writes nothing", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-ads-edit", (ns) => editRacingKubectlIsCaught(page, c, ns, "agent"));
});
