/**
 * Kruise's webhooks for Advanced StatefulSet and Advanced DaemonSet (docs/kruise-rules.md §13.11, §14.11), judged by
 * the real ones: the sandbox API server's admission against kruise-manager's webhooks on kube-apiserver 1.20.2 —
 * the defaults a create gets, and the refusals with their codes and messages, word for word. (The contract suite
 * runs these on the sandbox only, its kube-apiserver having no Kruise; the unit cases are in
 * sandbox/apiserver/mechanics/workload-admission.test.ts.)
 */
import { describe, expect, it } from "vitest";
import type { CloneSet, DaemonSet, StatefulSet } from "@/lib/k8s/objects";
import { CLONESET } from "./lib/cloneset";
import { DAEMONSET } from "./lib/daemonset";
import { CONTROLLERS, useController } from "./lib/harness";
import { STATEFULSET } from "./lib/statefulset";
import { WorkloadClient, failure } from "./lib/workload";

type Obj = Record<string, unknown>;
const VS = 'admission webhook "vstatefulset.kb.io" denied the request: ';
const VD = 'admission webhook "vdaemonset.kb.io" denied the request: ';

const template = (app: string, spec: Obj = {}) => ({
  metadata: { labels: { app } },
  spec: { containers: [{ name: "c", image: "nginx:1.0" }], ...spec },
});
const GATE = { readinessGates: [{ conditionType: "InPlaceUpdateReady" }] };

function asts(name: string, spec: Obj = {}, tpl: Obj = {}): StatefulSet {
  return {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    metadata: { name },
    spec: { selector: { matchLabels: { app: name } }, template: template(name, tpl), ...spec },
  } as StatefulSet;
}
/** On no node (a node selector no node matches): the webhooks are what is judged here, not the pods. */
function ads(name: string, spec: Obj = {}): DaemonSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "DaemonSet",
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      template: template(name, { nodeSelector: { "kruise-console-test/webhooks-only": "true" } }),
      ...spec,
    },
  } as DaemonSet;
}

describe.each(CONTROLLERS)("Advanced StatefulSet and DaemonSet webhooks (%s)", (kind) => {
  const h = useController(kind, { ns: "workload-webhooks" });
  const sts = () => new WorkloadClient<StatefulSet>(h, STATEFULSET);
  const ds = () => new WorkloadClient<DaemonSet>(h, DAEMONSET);

  it("a StatefulSet create gets SetDefaultsStatefulSet and the pod template defaults", async () => {
    const s = await sts().create(asts("bare", { replicas: 0 }));
    expect(s.spec).toMatchObject({
      replicas: 0,
      revisionHistoryLimit: 10,
      podManagementPolicy: "OrderedReady",
      persistentVolumeClaimRetentionPolicy: { whenDeleted: "Retain", whenScaled: "Retain" },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: "ReCreate", minReadySeconds: 0 },
      },
    });
    expect(s.spec.template.spec).toMatchObject({ restartPolicy: "Always", dnsPolicy: "ClusterFirst" });
  });

  it("a container of a StatefulSet's or CloneSet's template gets imagePullPolicy Always whatever its tag; an init container keeps Kubernetes' rule", async () => {
    const tpl = { initContainers: [{ name: "init", image: "busybox:1.36" }] };
    const s = await sts().create(asts("pull", { replicas: 0 }, tpl));
    const c = await new WorkloadClient<CloneSet>(h, CLONESET).create({
      ...asts("pull", { replicas: 0 }, tpl),
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
    } as unknown as CloneSet);
    for (const spec of [s.spec.template.spec, c.spec.template.spec]) {
      expect(spec?.containers[0].imagePullPolicy).toBe("Always");
      expect(spec?.initContainers?.[0].imagePullPolicy).toBe("IfNotPresent");
    }
  });

  it("podUpdatePolicy InPlaceIfPossible without the InPlaceUpdateReady readiness gate is refused with 422", async () => {
    const f = await failure(
      sts().create(
        asts("nogate", { replicas: 0, updateStrategy: { rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } } }),
      ),
    );
    expect(f).toEqual({
      code: 422,
      message: `${VS}spec.template.spec.readinessGates: Invalid value: []v1.PodReadinessGate(nil): must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceIfPossible`,
    });
  });

  it("maxUnavailable other than 1 and unorderedUpdate need podManagementPolicy Parallel", async () => {
    const f = await failure(
      sts().create(
        asts("ordered", { replicas: 0, updateStrategy: { rollingUpdate: { maxUnavailable: 2, unorderedUpdate: {} } } }),
      ),
    );
    expect(f).toEqual({
      code: 422,
      message: `${VS}[spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:2, StrVal:""}: can only work with Parallel PodManagementPolicyType, spec.updateStrategy.rollingUpdate.unorderedUpdate: Required value: unorderedUpdate can only work with Parallel PodManagementPolicyType]`,
    });
  });

  it("duplicated or negative reserveOrdinals and minReadySeconds over 300 are refused", async () => {
    const f = await failure(
      sts().create(
        asts("reserve", {
          replicas: 0,
          reserveOrdinals: [1, 1, -2],
          updateStrategy: { rollingUpdate: { minReadySeconds: 301 } },
        }),
      ),
    );
    expect(f.code).toBe(422);
    expect(f.message).toContain("spec: Invalid value: []int{1, 1, -2}: reserveOrdinals contains duplicated items");
    expect(f.message).toContain("reserveOrdinals contains -2 which must be order >= 0");
    expect(f.message).toContain(
      "spec.updateStrategy.rollingUpdate.minReadySeconds: Invalid value: 301: must be no more than 300 seconds",
    );
  });

  it("an update may change replicas, template, reserveOrdinals and the strategies; another spec field is refused", async () => {
    await sts().create(asts("fields", { replicas: 0, serviceName: "a" }));
    const f = await failure(sts().patch("fields", { spec: { serviceName: "other" } }));
    expect(f.code).toBe(422);
    expect(f.message).toContain(
      "updates to statefulset spec for fields other than 'replicas', 'template', 'reserveOrdinals'",
    );
    const ok = await sts().patch("fields", { spec: { replicas: 0, reserveOrdinals: [2] } });
    expect(ok.spec.reserveOrdinals).toEqual([2]);
  });

  it("InPlaceOnly: an update that changes more than images is refused", async () => {
    await sts().create(
      asts("only", { replicas: 0, updateStrategy: { rollingUpdate: { podUpdatePolicy: "InPlaceOnly" } } }, GATE),
    );
    const env = [{ name: "c", image: "nginx:1.0", env: [{ name: "A", value: "1" }] }];
    const f = await failure(sts().patch("only", { spec: { template: { spec: { containers: env } } } }));
    expect(f).toEqual({
      code: 422,
      message: `${VS}invalid template modified with InPlaceOnly strategy: add /containers/0/env, currently only image update is allowed for InPlaceOnly`,
    });
    const image = await sts().patch("only", {
      spec: { template: { spec: { containers: [{ name: "c", image: "nginx:1.1" }] } } },
    });
    expect(image.spec.template.spec?.containers[0].image).toBe("nginx:1.1");
  });

  it("a DaemonSet create gets SetDefaultsDaemonSet; a deprecated Surging type becomes Standard with maxSurge 1", async () => {
    const d = await ds().create(ads("bare"));
    expect(d.spec).toMatchObject({
      burstReplicas: 250,
      revisionHistoryLimit: 10,
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1, maxSurge: 0 },
      },
    });
    const s = await ds().create(
      ads("surging", { updateStrategy: { rollingUpdate: { rollingUpdateType: "Surging" } } }),
    );
    expect(s.spec.updateStrategy?.rollingUpdate).toMatchObject({
      rollingUpdateType: "Standard",
      maxSurge: 1,
      maxUnavailable: 0,
    });
  });

  it("maxUnavailable and maxSurge both non-zero on a DaemonSet create is refused with code 500", async () => {
    const f = await failure(
      ds().create(
        ads("both", { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } } }),
      ),
    );
    expect(f).toEqual({
      code: 500,
      message: `${VD}spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero`,
    });
  });

  it("InPlaceIfPossible with surge, a partition below 0 and an inPlaceUpdate hook on a DaemonSet are refused with code 500", async () => {
    const f = await failure(
      ds().create(
        ads("inplace", {
          lifecycle: { inPlaceUpdate: { labelsHandler: { a: "b" } } },
          updateStrategy: {
            rollingUpdate: {
              rollingUpdateType: "InPlaceIfPossible",
              maxUnavailable: 0,
              maxSurge: "10%",
              partition: -1,
            },
          },
        }),
      ),
    );
    expect(f).toEqual({
      code: 500,
      message: `${VD}[spec.updateStrategy.rollingUpdate.maxSurge: Required value: must be 0 for InPlaceIfPossible type, spec.updateStrategy.rollingUpdate.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0, spec.lifecycle.inPlaceUpdate: Forbidden: inPlaceUpdate hook has not supported yet]`,
    });
  });

  it("a DaemonSet update may not change the selector (422)", async () => {
    await ds().create(ads("selector"));
    const f = await failure(
      ds().patch("selector", { spec: { selector: { matchLabels: { app: "selector", x: "y" } } } }),
    );
    expect(f.code).toBe(422);
    expect(f.message).toContain("updates to daemonset spec for fields other than 'BurstReplicas', 'template'");
  });
});
