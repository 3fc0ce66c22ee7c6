import { describe, expect, it } from "vitest";
import { ApiError } from "../status";
import { admit } from "./admission";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const lookup = () => undefined;
const sts = {
  gk: { group: "apps.kruise.io", kind: "StatefulSet" },
  gr: { group: "apps.kruise.io", resource: "statefulsets" },
  dryRun: false,
  lookup,
};
const ds = {
  gk: { group: "apps.kruise.io", kind: "DaemonSet" },
  gr: { group: "apps.kruise.io", resource: "daemonsets" },
  dryRun: false,
  lookup,
};

const template = (extra: Obj = {}) => ({
  metadata: { labels: { app: "db" } },
  spec: { containers: [{ name: "db", image: "mysql:8.0" }], ...extra },
});
const statefulSet = (spec: Obj = {}): Obj => ({
  apiVersion: "apps.kruise.io/v1beta1",
  kind: "StatefulSet",
  metadata: { name: "db", namespace: "shop" },
  spec: { selector: { matchLabels: { app: "db" } }, template: template(), ...spec },
});
const daemonSet = (spec: Obj = {}): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "DaemonSet",
  metadata: { name: "agent", namespace: "shop" },
  spec: { selector: { matchLabels: { app: "db" } }, template: template(), ...spec },
});

function refusal(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { code: e.status.code ?? 0, message: e.status.message ?? "" };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("Advanced StatefulSet webhooks (§13.11)", () => {
  const create = (o: Obj) => admit("CREATE", o, undefined, sts) as Obj;
  const VS = 'admission webhook "vstatefulset.kb.io" denied the request: ';

  it("create fills SetDefaultsStatefulSet and the pod template defaults", () => {
    const out = create(statefulSet());
    expect(out.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      podManagementPolicy: "OrderedReady",
      persistentVolumeClaimRetentionPolicy: { whenDeleted: "Retain", whenScaled: "Retain" },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: "ReCreate", minReadySeconds: 0 },
      },
    });
    expect(out.spec.template.spec).toMatchObject({ restartPolicy: "Always", dnsPolicy: "ClusterFirst" });
    expect(out.spec.template.metadata.creationTimestamp).toBeNull();
  });

  it("podUpdatePolicy InPlaceIfPossible without the InPlaceUpdateReady readiness gate is refused with 422", () => {
    const f = refusal(() =>
      create(statefulSet({ updateStrategy: { rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } } })),
    );
    expect(f).toEqual({
      code: 422,
      message: `${VS}spec.template.spec.readinessGates: Invalid value: []v1.PodReadinessGate(nil): must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceIfPossible`,
    });
    const gated = statefulSet({
      template: template({ readinessGates: [{ conditionType: "InPlaceUpdateReady" }] }),
      updateStrategy: { rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } },
    });
    expect(create(gated).spec.updateStrategy.rollingUpdate.podUpdatePolicy).toBe("InPlaceIfPossible");
  });

  it("maxUnavailable other than 1 and unorderedUpdate need podManagementPolicy Parallel", () => {
    const f = refusal(() =>
      create(statefulSet({ updateStrategy: { rollingUpdate: { maxUnavailable: 2, unorderedUpdate: {} } } })),
    );
    expect(f.message).toBe(
      `${VS}[spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:2, StrVal:""}: can only work with Parallel PodManagementPolicyType, spec.updateStrategy.rollingUpdate.unorderedUpdate: Required value: unorderedUpdate can only work with Parallel PodManagementPolicyType]`,
    );
    expect(
      create(
        statefulSet({ podManagementPolicy: "Parallel", updateStrategy: { rollingUpdate: { maxUnavailable: "50%" } } }),
      ).spec.podManagementPolicy,
    ).toBe("Parallel");
  });

  it("duplicated or negative reserveOrdinals and minReadySeconds over 300 are refused", () => {
    const f = refusal(() =>
      create(statefulSet({ reserveOrdinals: [1, 1, -2], updateStrategy: { rollingUpdate: { minReadySeconds: 301 } } })),
    );
    expect(f.message).toContain("spec: Invalid value: []int{1, 1, -2}: reserveOrdinals contains duplicated items");
    expect(f.message).toContain("reserveOrdinals contains -2 which must be order >= 0");
    expect(f.message).toContain(
      "spec.updateStrategy.rollingUpdate.minReadySeconds: Invalid value: 301: must be no more than 300 seconds",
    );
  });

  it("an update may change replicas, template, reserveOrdinals and the strategies, nothing else in the spec", () => {
    const stored = create(statefulSet());
    const f = refusal(() =>
      admit("UPDATE", { ...stored, spec: { ...stored.spec, serviceName: "other" } }, stored, sts),
    );
    expect(f.code).toBe(422);
    expect(f.message).toContain(
      "updates to statefulset spec for fields other than 'replicas', 'template', 'reserveOrdinals'",
    );
    const ok = admit(
      "UPDATE",
      { ...stored, spec: { ...stored.spec, replicas: 5, reserveOrdinals: [2] } },
      stored,
      sts,
    ) as Obj;
    expect(ok.spec.reserveOrdinals).toEqual([2]);
  });

  it("InPlaceOnly: an update that changes more than images is refused", () => {
    const stored = create(
      statefulSet({
        template: template({ readinessGates: [{ conditionType: "InPlaceUpdateReady" }] }),
        updateStrategy: { rollingUpdate: { podUpdatePolicy: "InPlaceOnly" } },
      }),
    );
    const next = structuredClone(stored);
    next.spec.template.spec.containers[0].env = [{ name: "A", value: "1" }];
    expect(refusal(() => admit("UPDATE", next, stored, sts)).message).toBe(
      `${VS}invalid template modified with InPlaceOnly strategy: add /containers/0/env, currently only image update is allowed for InPlaceOnly`,
    );
    const image = structuredClone(stored);
    image.spec.template.spec.containers[0].image = "mysql:8.1";
    expect((admit("UPDATE", image, stored, sts) as Obj).spec.template.spec.containers[0].image).toBe("mysql:8.1");
  });

  it("a partition that is not an integer fails to decode (400): it is int32, not int-or-string", () => {
    expect(refusal(() => create(statefulSet({ updateStrategy: { rollingUpdate: { partition: "50%" } } })))).toEqual({
      code: 400,
      message:
        'admission webhook "mstatefulset.kb.io" denied the request: json: cannot unmarshal string into Go struct field RollingUpdateStatefulSetStrategy.spec.updateStrategy.rollingUpdate.partition of type int32',
    });
  });
});

describe("Advanced DaemonSet webhooks (§14.11)", () => {
  const create = (o: Obj) => admit("CREATE", o, undefined, ds) as Obj;
  const VD = 'admission webhook "vdaemonset.kb.io" denied the request: ';

  it("create fills SetDefaultsDaemonSet but leaves the pod template undefaulted", () => {
    const out = create(daemonSet());
    expect(out.spec).toMatchObject({
      burstReplicas: 250,
      revisionHistoryLimit: 10,
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1, maxSurge: 0 },
      },
    });
    expect(out.spec.template.spec.restartPolicy).toBeUndefined();
  });

  it("a deprecated Surging type becomes Standard with maxSurge 1 and maxUnavailable 0", () => {
    const out = create(daemonSet({ updateStrategy: { rollingUpdate: { rollingUpdateType: "Surging" } } }));
    expect(out.spec.updateStrategy.rollingUpdate).toEqual({
      rollingUpdateType: "Standard",
      maxSurge: 1,
      maxUnavailable: 0,
    });
  });

  it("maxUnavailable and maxSurge both non-zero is refused on create with code 500 (the handler's internal error)", () => {
    const f = refusal(() =>
      create(
        daemonSet({ updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } } }),
      ),
    );
    expect(f).toEqual({
      code: 500,
      message: `${VD}spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero`,
    });
  });

  it("InPlaceIfPossible with surge, a partition below 0 and an inPlaceUpdate hook are refused", () => {
    const f = refusal(() =>
      create(
        daemonSet({
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
    expect(f.message).toBe(
      `${VD}[spec.updateStrategy.rollingUpdate.maxSurge: Required value: must be 0 for InPlaceIfPossible type, spec.updateStrategy.rollingUpdate.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0, spec.lifecycle.inPlaceUpdate: Forbidden: inPlaceUpdate hook has not supported yet]`,
    );
  });

  it("an update may not change the selector (422)", () => {
    const stored = create(daemonSet());
    const next = { ...stored, spec: { ...stored.spec, selector: { matchLabels: { app: "db", x: "y" } } } };
    const f = refusal(() => admit("UPDATE", next, stored, ds));
    expect(f.code).toBe(422);
    expect(f.message).toContain("updates to daemonset spec for fields other than 'BurstReplicas', 'template'");
  });
});
