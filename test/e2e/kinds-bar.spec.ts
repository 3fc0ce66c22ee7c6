/**
 * The action bar on the Advanced StatefulSet and Advanced DaemonSet pages, and the Advanced StatefulSet's replicas
 * preview, end to end on the sandbox (bar-scenarios.ts holds the scenarios; each takes the cluster).
 */
import { test } from "./fixtures";
import { daemonSetBar, statefulScaleNamesOrdinals, statefulSetBar } from "./bar-scenarios";
import { e2eCluster, inOwnNamespace } from "./workload-cluster";

const run = (base: string, scenario: (c: ReturnType<typeof e2eCluster>, ns: string) => Promise<void>) => {
  const c = e2eCluster();
  return inOwnNamespace(c, base, (ns) => scenario(c, ns));
};

test("Advanced StatefulSet bar: pause and resume, the next step moves the ordinal its preview named, rollback asks and says what it does", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await run("e2e-asts-bar", (c, ns) => statefulSetBar(page, c, ns, "db"));
});

test("Advanced DaemonSet bar: pause and resume, the next step moves the node its preview named, rollback asks and says what it does", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await run("e2e-ads-bar", (c, ns) => daemonSetBar(page, c, ns, "agent"));
});

test("Advanced StatefulSet replicas: the preview names the ordinals a scale-in deletes and a scale-out creates, and those go and come", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await run("e2e-asts-scale", (c, ns) => statefulScaleNamesOrdinals(page, c, ns, "db"));
});
