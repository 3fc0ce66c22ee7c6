import { describe, expect, it } from "vitest";
import { ApiError } from "../status";
import { validateBuiltin } from "./builtin";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pod = (): Obj => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "default" },
  spec: {
    containers: [
      { name: "app", image: "nginx:1.25", ports: [{ containerPort: 80 }] },
      { name: "side", image: "busybox" },
    ],
  },
});

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("validateBuiltin: Pod", () => {
  it("a created pod gets the apiserver's defaults", () => {
    const p = pod();
    validateBuiltin("Pod", p);
    expect(p.spec).toMatchObject({
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      schedulerName: "default-scheduler",
      terminationGracePeriodSeconds: 30,
      securityContext: {},
      enableServiceLinks: true,
      priority: 0,
    });
    expect(p.spec.containers[0]).toMatchObject({
      imagePullPolicy: "IfNotPresent",
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
      ports: [{ containerPort: 80, protocol: "TCP" }],
    });
    expect(p.spec.containers[1].imagePullPolicy).toBe("Always");
    expect(p.spec.tolerations).toHaveLength(2);
    expect(p.spec.containers[0].resources).toEqual({});
    expect(p.status).toEqual({ phase: "Pending", qosClass: "BestEffort" });
  });
  it("limits without requests default the requests and make the pod Guaranteed", () => {
    const p = pod();
    for (const c of p.spec.containers) c.resources = { limits: { cpu: "1", memory: "1Gi" } };
    validateBuiltin("Pod", p);
    expect(p.spec.containers[0].resources.requests).toEqual({ cpu: "1", memory: "1Gi" });
    expect(p.status.qosClass).toBe("Guaranteed");
  });
  it("requests below limits make the pod Burstable", () => {
    const p = pod();
    p.spec.containers[0].resources = { requests: { cpu: "100m" } };
    validateBuiltin("Pod", p);
    expect(p.status.qosClass).toBe("Burstable");
  });
  it("a pod without containers is 422 spec.containers: Required value", () => {
    const p = pod();
    p.spec.containers = [];
    const e = failure(() => validateBuiltin("Pod", p));
    expect(e.status.message).toBe('Pod "p" is invalid: spec.containers: Required value');
    expect(e.status.details).toEqual({
      name: "p",
      kind: "Pod",
      causes: [{ reason: "FieldValueRequired", message: "Required value", field: "spec.containers" }],
    });
  });
  it("container names must be unique and images present", () => {
    const p = pod();
    p.spec.containers[1] = { name: "app" };
    const e = failure(() => validateBuiltin("Pod", p));
    expect(e.status.details!.causes).toEqual(
      expect.arrayContaining([
        { reason: "FieldValueDuplicate", message: 'Duplicate value: "app"', field: "spec.containers[1].name" },
        { reason: "FieldValueRequired", message: "Required value", field: "spec.containers[1].image" },
      ]),
    );
  });
  it("an unsupported restartPolicy lists the supported values", () => {
    const p = pod();
    p.spec.restartPolicy = "Sometimes";
    expect(failure(() => validateBuiltin("Pod", p)).status.message).toBe(
      'Pod "p" is invalid: spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    );
  });
  it("a bad pod name is rejected with the RFC 1123 subdomain text", () => {
    const p = pod();
    p.metadata.name = "Bad_Name";
    expect(failure(() => validateBuiltin("Pod", p)).status.message).toContain(
      'metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of',
    );
  });
  it("pod updates may change images but not other spec fields", () => {
    const old = pod();
    validateBuiltin("Pod", old);
    const next = structuredClone(old);
    next.spec.containers[0].image = "nginx:1.26";
    next.spec.tolerations.push({ key: "x", operator: "Exists" });
    expect(() => validateBuiltin("Pod", next, old)).not.toThrow();
    next.spec.containers[0].ports = [];
    const e = failure(() => validateBuiltin("Pod", next, old));
    expect(e.status.message).toContain(
      "spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`",
    );
  });
  it("pod status times are written as null like Go encodes them", () => {
    const p = pod();
    validateBuiltin("Pod", p);
    const next = structuredClone(p);
    next.status = {
      phase: "Running",
      conditions: [{ type: "Ready", status: "True" }],
      containerStatuses: [{ name: "app", state: { running: {} }, lastState: {} }],
    };
    validateBuiltin("Pod", next, p);
    expect(next.status.conditions[0]).toEqual({
      type: "Ready",
      status: "True",
      lastProbeTime: null,
      lastTransitionTime: null,
    });
    expect(next.status.containerStatuses[0].state).toEqual({ running: { startedAt: null } });
  });
  it("removing a toleration is forbidden", () => {
    const old = pod();
    validateBuiltin("Pod", old);
    const next = structuredClone(old);
    next.spec.tolerations = [];
    expect(failure(() => validateBuiltin("Pod", next, old)).code).toBe(422);
  });
});

describe("validateBuiltin: other kinds", () => {
  it("namespace names are DNS-1123 labels", () => {
    const e = failure(() => validateBuiltin("Namespace", { metadata: { name: "a.b" } }));
    expect(e.status.message).toBe(
      `Namespace "a.b" is invalid: metadata.name: Invalid value: "a.b": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    );
  });
  it("node names may be subdomains", () => {
    expect(() => validateBuiltin("Node", { metadata: { name: "node-1.example" } })).not.toThrow();
  });
  it("controller revisions need data and keep it immutable", () => {
    const e = failure(() =>
      validateBuiltin("ControllerRevision", { metadata: { name: "r", namespace: "d" }, revision: 1 }),
    );
    expect(e.status.message).toBe('ControllerRevision.apps "r" is invalid: data: Required value: data is mandatory');
    const old = { metadata: { name: "r", namespace: "d" }, revision: 1, data: { a: 1 } };
    expect(
      failure(() => validateBuiltin("ControllerRevision", { ...old, data: { a: 2 } }, old)).status.details!.causes![0]
        .field,
    ).toBe("data");
    expect(() => validateBuiltin("ControllerRevision", { ...old, revision: 2 }, old)).not.toThrow();
  });
  it("an event's involvedObject namespace must match", () => {
    const e = failure(() =>
      validateBuiltin("Event", { metadata: { name: "e", namespace: "a" }, involvedObject: { namespace: "b" } }),
    );
    expect(e.status.message).toBe(
      'Event "e" is invalid: involvedObject.namespace: Invalid value: "b": does not match event.namespace',
    );
  });
  it("a missing name is Required value: name or generateName is required", () => {
    expect(failure(() => validateBuiltin("Node", { metadata: {} })).status.message).toBe(
      'Node "" is invalid: metadata.name: Required value: name or generateName is required',
    );
  });
});
