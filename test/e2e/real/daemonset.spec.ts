/**
 * Advanced DaemonSet on the real controller (kruise-manager v1.6.2 with its webhooks, context `kruise`): the same scenarios
 * as on the sandbox (daemonset-scenarios.ts, run there from daemonset.spec.ts), judged by kruise-manager.
 */
import { test } from "../fixtures";
import { realCluster } from "../real";
import { e2eCluster, inOwnNamespace, type E2ECluster } from "../workload-cluster";
import {
  editRacingKubectlIsCaught,
  partitionPreviewMovesThoseNodes,
  rollbackMovesWhatItPredicted,
} from "../daemonset-scenarios";

let real: E2ECluster;
test.beforeAll(async () => {
  // A first run may still be building kruise-manager (minutes).
  test.setTimeout(660_000);
  await realCluster();
  real = e2eCluster("kruise");
});
const cluster = () => real;

test("on kruise-manager, nodes the selector leaves out and nodes that run no pod are marked; the preview names the nodes' pods that move, Apply moves those live, a concurrent partition is caught", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-real-ads", (ns) => partitionPreviewMovesThoseNodes(page, c, ns, "agent"));
});

test("on kruise-manager, a rollback names the pods that move back with their nodes; then exactly those move", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-real-ads-undo", (ns) => rollbackMovesWhatItPredicted(page, c, ns, "agent"));
});

test("on kruise-manager, a YAML edit of the partition racing kubectl's shows base, mine and theirs and writes nothing", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const c = cluster();
  await inOwnNamespace(c, "e2e-real-ads-edit", (ns) => editRacingKubectlIsCaught(page, c, ns, "agent"));
});
