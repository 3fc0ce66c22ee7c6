import { describe, expect, it } from "vitest";
import { ApiError } from "../status";
import { admit } from "./admission";
import { scaledValueFromIntOrPercent } from "./intstr";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const gk = { group: "apps.kruise.io", kind: "CloneSet" };
const gr = { group: "apps.kruise.io", resource: "clonesets" };
const pods: Record<string, object> = {};
const ctx = { gk, gr, dryRun: false, lookup: (_ns: string, _r: string, name: string) => pods[name] };
const DENIED = 'admission webhook "vcloneset.kb.io" denied the request: ';

const cs = (): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name: "sample", namespace: "default", uid: "cs-uid" },
  spec: {
    selector: { matchLabels: { app: "a" } },
    template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "app", image: "nginx:1.25" }] } },
  },
});
const created = () => admit("CREATE", cs(), undefined, ctx) as Obj;

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}
const denial = (fn: () => unknown) => {
  const e = failure(fn);
  expect(e.status.code).toBe(422);
  expect(e.status.reason).toBeUndefined();
  expect(e.status.details).toBeUndefined();
  const msg = e.status.message ?? "";
  expect(msg.startsWith(DENIED)).toBe(true);
  return msg.slice(DENIED.length);
};

describe("mutating webhook defaults", () => {
  it("a created CloneSet gets Kruise's spec defaults", () => {
    const o = created();
    expect(o.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      updateStrategy: { type: "ReCreate", partition: 0, maxUnavailable: "20%", maxSurge: 0 },
    });
    expect(o.spec.updateStrategy.inPlaceUpdateStrategy).toBeUndefined();
  });
  it("the pod template gets SetDefaults_PodSpec and container defaults, imagePullPolicy Always for a container whatever its tag, Kubernetes' rule for an init container", () => {
    const o = cs();
    o.spec.template.spec.initContainers = [{ name: "init", image: "busybox:1.36" }];
    const t = (admit("CREATE", o, undefined, ctx) as Obj).spec.template;
    expect(t.spec).toMatchObject({
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      schedulerName: "default-scheduler",
      terminationGracePeriodSeconds: 30,
      securityContext: {},
    });
    expect(t.spec.initContainers[0].imagePullPolicy).toBe("IfNotPresent");
    expect(t.spec.containers[0]).toMatchObject({
      imagePullPolicy: "Always",
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
      resources: {},
    });
    expect(t.metadata.creationTimestamp).toBeNull();
  });
  it("in-place strategy types get an empty inPlaceUpdateStrategy", () => {
    const o = cs();
    o.spec.updateStrategy = { type: "InPlaceIfPossible" };
    expect((admit("CREATE", o, undefined, ctx) as Obj).spec.updateStrategy.inPlaceUpdateStrategy).toEqual({});
  });
  it("template defaults are injected on updates that change the template, not on others", () => {
    const old = created();
    const noTpl = structuredClone(old);
    delete noTpl.spec.template.spec.dnsPolicy;
    noTpl.spec.template.spec.containers[0].image = "nginx:latest";
    const a = admit("UPDATE", noTpl, old, ctx) as Obj;
    expect(a.spec.template.spec.dnsPolicy).toBe("ClusterFirst");
    const sameTpl = structuredClone(old);
    sameTpl.spec.replicas = 4;
    expect((admit("UPDATE", sameTpl, old, ctx) as Obj).spec.template).toEqual(old.spec.template);
  });
  it("undecodable replicas is a 400 from the mutating webhook with Go's decode message", () => {
    const o = cs();
    o.spec.replicas = "two";
    const e = failure(() => admit("CREATE", o, undefined, ctx));
    expect(e.status).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      code: 400,
      message:
        'admission webhook "mcloneset.kb.io" denied the request: json: cannot unmarshal string into Go struct field CloneSetSpec.spec.replicas of type int32',
    });
  });
  it("a boolean partition fails to decode as int32", () => {
    const o = cs();
    o.spec.updateStrategy = { partition: true };
    expect(failure(() => admit("CREATE", o, undefined, ctx)).status.message).toContain(
      "CloneSetUpdateStrategy.spec.updateStrategy.partition of type int32",
    );
  });
  it("other kinds pass through untouched", () => {
    const pod = { metadata: { name: "p" } };
    expect(admit("CREATE", pod, undefined, { ...ctx, gk: { group: "", kind: "Pod" } })).toBe(pod);
  });
});

describe("apiserver validation between the webhooks", () => {
  it("a bad name is the apiserver's own 422 Invalid, not a webhook denial", () => {
    const o = cs();
    o.metadata.name = "Bad_Name";
    const e = failure(() => admit("CREATE", o, undefined, ctx));
    expect(e.status).toMatchObject({
      code: 422,
      reason: "Invalid",
      details: { name: "Bad_Name", group: "apps.kruise.io", kind: "CloneSet" },
    });
    expect(e.status.message).toMatch(
      /^CloneSet\.apps\.kruise\.io "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/,
    );
  });
  it("a missing selector is the CRD schema's Required value", () => {
    const o = cs();
    delete o.spec.selector;
    expect(failure(() => admit("CREATE", o, undefined, ctx)).status.message).toBe(
      'CloneSet.apps.kruise.io "sample" is invalid: spec.selector: Required value',
    );
  });
});

describe("validating webhook", () => {
  const withSpec = (f: (o: Obj) => void) => {
    const o = cs();
    f(o);
    return () => admit("CREATE", o, undefined, ctx);
  };
  it("webhook rejects bare numeric partition", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.updateStrategy = { partition: "5" };
        }),
      ),
    ).toBe(
      'spec.updateStrategy.partition: Invalid value: "5": failed GetScaledValueFromIntOrPercent for partition: invalid value for IntOrString: invalid type: string is not a percentage',
    );
  });
  it("fractional percent partitions are accepted", () => {
    expect(() =>
      withSpec((o) => {
        o.spec.replicas = 8;
        o.spec.updateStrategy = { partition: "12.5%" };
      })(),
    ).not.toThrow();
  });
  it("negative replicas are rejected", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.replicas = -1;
        }),
      ),
    ).toBe("spec.replicas: Invalid value: -1: must be greater than or equal to 0");
  });
  it("a selector that does not match the template labels is rejected", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.template.metadata.labels = { app: "b" };
        }),
      ),
    ).toBe(
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"b"}: `selector` does not match template `labels`',
    );
  });
  it("an empty selector is rejected", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.selector = {};
        }),
      ),
    ).toBe(
      "spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for cloneset",
    );
  });
  it("restartPolicy other than Always and activeDeadlineSeconds are rejected", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.template.spec.restartPolicy = "Never";
          o.spec.template.spec.activeDeadlineSeconds = 5;
        }),
      ),
    ).toBe(
      '[spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always", spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in cloneset is not Supported]',
    );
  });
  it("a template without containers fails core pod validation", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.template.spec.containers = [];
        }),
      ),
    ).toBe("spec.template.spec.containers: Required value");
  });
  it("OnDelete is rejected for v1alpha1", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.updateStrategy = { type: "OnDelete" };
        }),
      ),
    ).toBe(
      `spec.updateStrategy.type: Invalid value: "OnDelete": must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'`,
    );
  });
  it("maxSurge is forbidden with InPlaceOnly", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.replicas = 2;
          o.spec.updateStrategy = { type: "InPlaceOnly", maxSurge: 1 };
        }),
      ),
    ).toBe('spec.updateStrategy.maxSurge: Invalid value: "1": can not use maxSurge with strategy type InPlaceOnly');
  });
  it("maxUnavailable and maxSurge may not both be below 1", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.updateStrategy = { maxUnavailable: 0, maxSurge: "0%" };
        }),
      ),
    ).toBe(
      'spec.updateStrategy.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: maxUnavailable and maxSurge should not both be less than 1',
    );
  });
  it("priority strategy may not mix weight and order", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.updateStrategy = {
            priorityStrategy: {
              weightPriority: [{ weight: 5, matchSelector: { matchLabels: { a: "b" } } }],
              orderPriority: [{ orderedKey: "k" }],
            },
          };
        }),
      ),
    ).toBe(
      "spec.updateStrategy.priorityStrategy: Required value: only one of weightPriority and orderPriority can be used",
    );
  });
  it("scatter strategy may not repeat a key:value", () => {
    expect(
      denial(
        withSpec((o) => {
          o.spec.updateStrategy = {
            scatterStrategy: [
              { key: "z", value: "1" },
              { key: "z", value: "1" },
            ],
          };
        }),
      ),
    ).toBe("spec.updateStrategy.scatterStrategy: Required value: duplicated key=z value=1");
  });
  it("podsToDelete must name existing pods controlled by this CloneSet", () => {
    pods.mine = { metadata: { name: "mine", ownerReferences: [{ uid: "cs-uid", controller: true }] } };
    pods.theirs = { metadata: { name: "theirs", ownerReferences: [{ uid: "other", controller: true }] } };
    pods.dying = {
      metadata: { name: "dying", deletionTimestamp: "t", ownerReferences: [{ uid: "cs-uid", controller: true }] },
    };
    expect(() =>
      withSpec((o) => {
        o.spec.scaleStrategy = { podsToDelete: ["mine"] };
      })(),
    ).not.toThrow();
    expect(
      denial(
        withSpec((o) => {
          o.spec.scaleStrategy = { podsToDelete: ["ghost", "theirs", "dying"] };
        }),
      ),
    ).toBe(
      "[" +
        [
          'spec.scaleStrategy.podsToDelete: Invalid value: "dying": find pod dying already terminating',
          'spec.scaleStrategy.podsToDelete: Invalid value: "ghost": find pod ghost failed: pods "ghost" not found',
          'spec.scaleStrategy.podsToDelete: Invalid value: "theirs": find pod theirs owner is not this CloneSet',
        ].join(", ") +
        "]",
    );
    expect(
      denial(
        withSpec((o) => {
          o.spec.scaleStrategy = { podsToDelete: ["mine", "mine"] };
        }),
      ),
    ).toBe('spec.scaleStrategy.podsToDelete: Invalid value: []string{"mine", "mine"}: duplicated items [mine]');
  });
  it("podsToDelete entries already present before an update are not re-checked", () => {
    const old = created();
    old.spec.scaleStrategy = { podsToDelete: ["gone"] };
    const next = structuredClone(old);
    next.spec.replicas = 3;
    expect(() => admit("UPDATE", next, old, ctx)).not.toThrow();
  });
});

describe("validating webhook on update", () => {
  it("the selector is immutable", () => {
    const old = created();
    const next = structuredClone(old);
    next.spec.selector = { matchLabels: { app: "a", tier: "x" } };
    next.spec.template.metadata.labels.tier = "x";
    expect(denial(() => admit("UPDATE", next, old, ctx))).toBe(
      "spec: Forbidden: updates to cloneset spec for fields other than 'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit' are forbidden",
    );
  });
  it("allowed fields may change", () => {
    const old = created();
    const next = structuredClone(old);
    Object.assign(next.spec, {
      replicas: 5,
      minReadySeconds: 3,
      revisionHistoryLimit: 2,
      progressDeadlineSeconds: 600,
    });
    next.spec.updateStrategy.partition = "50%";
    expect(() => admit("UPDATE", next, old, ctx)).not.toThrow();
  });
  it("InPlaceOnly allows image changes only", () => {
    const o = cs();
    o.spec.updateStrategy = { type: "InPlaceOnly" };
    const old = admit("CREATE", o, undefined, ctx) as Obj;
    const image = structuredClone(old);
    image.spec.template.spec.containers[0].image = "nginx:1.26";
    expect(() => admit("UPDATE", image, old, ctx)).not.toThrow();
    const env = structuredClone(old);
    env.spec.template.spec.containers[0].env = [{ name: "A", value: "1" }];
    expect(denial(() => admit("UPDATE", env, old, ctx))).toBe(
      "spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found add /containers/0/env",
    );
  });
});

describe("Kruise int-or-percent parser", () => {
  it.each([
    [5, 10, true, 5],
    ["20%", 4, true, 1],
    ["20%", 4, false, 0],
    ["12.5%", 8, true, 1],
    ["50%", 3, true, 2],
  ] as const)("%s of %s (roundUp %s) is %s", (v, total, up, want) =>
    expect(scaledValueFromIntOrPercent(v, total, up)).toBe(want),
  );
  it("rejects a numeric string without %", () =>
    expect(() => scaledValueFromIntOrPercent("5", 10, true)).toThrow("string is not a percentage"));
  it("rejects a non-numeric percent", () =>
    expect(() => scaledValueFromIntOrPercent("x%", 10, true)).toThrow("invalid syntax"));
});
