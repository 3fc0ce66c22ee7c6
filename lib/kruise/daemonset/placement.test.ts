import { describe, expect, it } from "vitest";
import { nodeShouldRunDaemonPod, requiredAffinityMatches, withDaemonTolerations } from "./placement";
import { daemonSet, node } from "./fixtures";
import type { DaemonSet } from "../../k8s/objects";

const withSpec = (extra: object): DaemonSet => {
  const ds = daemonSet();
  return {
    ...ds,
    spec: { ...ds.spec, template: { ...ds.spec.template, spec: { ...ds.spec.template.spec!, ...extra } } },
  };
};
const fit = (ds: DaemonSet, n = node(1)) => nodeShouldRunDaemonPod(ds, n);

describe("Advanced DaemonSet: which nodes should run a pod (§14.1)", () => {
  it("every node without taints or affinity runs one", () => {
    expect(fit(daemonSet())).toEqual({ shouldRun: true, shouldContinueRunning: true });
  });

  it("the not-ready NoSchedule taint the API server puts on new nodes stops new pods, but not running ones", () => {
    const n = node(1, { taints: [{ key: "node.kubernetes.io/not-ready", effect: "NoSchedule" }] });
    expect(fit(daemonSet(), n)).toEqual({ shouldRun: false, shouldContinueRunning: true });
  });

  it("the daemon tolerations cover not-ready and unreachable NoExecute and the pressure taints", () => {
    for (const key of ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"])
      expect(fit(daemonSet(), node(1, { taints: [{ key, effect: "NoExecute" }] })).shouldRun).toBe(true);
    expect(
      fit(daemonSet(), node(1, { taints: [{ key: "node.kubernetes.io/memory-pressure", effect: "NoSchedule" }] }))
        .shouldRun,
    ).toBe(true);
    expect(withDaemonTolerations({ containers: [], hostNetwork: true }).tolerations).toHaveLength(7);
  });

  it("an untolerated NoExecute taint evicts: the pod may neither start nor keep running", () => {
    const n = node(1, { taints: [{ key: "dedicated", value: "db", effect: "NoExecute" }] });
    expect(fit(daemonSet(), n)).toEqual({ shouldRun: false, shouldContinueRunning: false });
    const tolerant = withSpec({
      tolerations: [{ key: "dedicated", operator: "Equal", value: "db", effect: "NoExecute" }],
    });
    expect(fit(tolerant, n).shouldRun).toBe(true);
  });

  it("a PreferNoSchedule taint is not looked at", () => {
    expect(fit(daemonSet(), node(1, { taints: [{ key: "x", effect: "PreferNoSchedule" }] })).shouldRun).toBe(true);
  });

  it("required node affinity: label expressions and matchFields metadata.name, any term", () => {
    const aff = (terms: object[]) =>
      withSpec({
        affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } },
      });
    const byName = aff([{ matchFields: [{ key: "metadata.name", operator: "In", values: ["node-2"] }] }]);
    expect([fit(byName, node(1)).shouldRun, fit(byName, node(2)).shouldRun]).toEqual([false, true]);
    const zone = aff([
      { matchExpressions: [{ key: "zone", operator: "In", values: ["a"] }] },
      { matchExpressions: [{ key: "gpu", operator: "Exists" }] },
    ]);
    expect(fit(zone, node(1, { labels: { gpu: "1" } })).shouldRun).toBe(true);
    expect(fit(zone, node(1, { labels: { zone: "b" } }))).toEqual({ shouldRun: false, shouldContinueRunning: false });
    expect(
      requiredAffinityMatches(
        {
          containers: [],
          affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } },
        },
        node(1),
      ),
    ).toBe(false);
  });

  it("nodeSelector labels must all match; a template nodeName pins the pod to that node", () => {
    expect(fit(withSpec({ nodeSelector: { disk: "ssd" } }), node(1, { labels: { disk: "ssd" } })).shouldRun).toBe(true);
    expect(fit(withSpec({ nodeSelector: { disk: "ssd" } }), node(1)).shouldRun).toBe(false);
    expect(fit(withSpec({ nodeName: "node-2" }), node(1)).shouldRun).toBe(false);
  });
});
