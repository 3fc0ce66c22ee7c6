import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ApiError } from "../status";
import { validateCustomResource } from "./schema";

const crd = parse(readFileSync(new URL("../../crds/apps.kruise.io_clonesets.yaml", import.meta.url), "utf8")) as object;
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const cs = (): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name: "sample", namespace: "default" },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: "a" } },
    template: {
      metadata: { labels: { app: "a" } },
      spec: { containers: [{ name: "app", image: "x", whatever: { deep: true } }] },
    },
  },
});
const status = () => ({
  replicas: 2,
  readyReplicas: 2,
  availableReplicas: 2,
  updatedReplicas: 2,
  updatedReadyReplicas: 2,
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

describe("validateCustomResource with the CloneSet CRD", () => {
  it("a valid CloneSet passes and schemaless spec.template keeps unknown fields", () => {
    const out = validateCustomResource(cs(), crd, "v1alpha1", {}) as Obj;
    expect(out.spec.template.spec.containers[0].whatever).toEqual({ deep: true });
  });
  it("unknown fields outside schemaless parts are pruned silently", () => {
    const o = cs();
    o.spec.bogus = 1;
    o.spec.updateStrategy = { partition: 1, nope: "x" };
    o.extra = true;
    const out = validateCustomResource(o, crd, "v1alpha1", {}) as Obj;
    expect(out.spec.bogus).toBeUndefined();
    expect(out.spec.updateStrategy).toEqual({ partition: 1 });
    expect(out.extra).toBeUndefined();
    expect(out.metadata).toEqual(o.metadata);
  });
  it("a string replicas is 422 FieldValueTypeInvalid worded like kube", () => {
    const o = cs();
    o.spec.replicas = "two";
    const e = failure(() => validateCustomResource(o, crd, "v1alpha1", {}));
    expect(e.status).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      code: 422,
      reason: "Invalid",
      message:
        'CloneSet.apps.kruise.io "sample" is invalid: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
      details: {
        name: "sample",
        group: "apps.kruise.io",
        kind: "CloneSet",
        causes: [
          {
            reason: "FieldValueTypeInvalid",
            message: 'Invalid value: "string": spec.replicas in body must be of type integer: "string"',
            field: "spec.replicas",
          },
        ],
      },
    });
  });
  it("a missing selector is spec.selector: Required value", () => {
    const o = cs();
    delete o.spec.selector;
    const e = failure(() => validateCustomResource(o, crd, "v1alpha1", {}));
    expect(e.status.message).toBe('CloneSet.apps.kruise.io "sample" is invalid: spec.selector: Required value');
    expect(e.status.details!.causes).toEqual([
      { reason: "FieldValueRequired", message: "Required value", field: "spec.selector" },
    ]);
  });
  it("int-or-string fields accept integers and strings but not booleans", () => {
    const o = cs();
    o.spec.updateStrategy = { partition: "50%", maxUnavailable: 1 };
    expect(() => validateCustomResource(o, crd, "v1alpha1", {})).not.toThrow();
    o.spec.updateStrategy.partition = true;
    expect(failure(() => validateCustomResource(o, crd, "v1alpha1", {})).status.details!.causes![0].field).toBe(
      "spec.updateStrategy.partition",
    );
  });
  it("null in a non-nullable field is dropped rather than rejected", () => {
    const o = cs();
    o.spec.minReadySeconds = null;
    const out = validateCustomResource(o, crd, "v1alpha1", {}) as Obj;
    expect("minReadySeconds" in out.spec).toBe(false);
  });
  it("several errors are joined in brackets", () => {
    const o = cs();
    o.spec.replicas = "x";
    delete o.spec.template;
    expect(failure(() => validateCustomResource(o, crd, "v1alpha1", {})).status.message).toMatch(
      /^CloneSet\.apps\.kruise\.io "sample" is invalid: \[.*spec\.replicas.*, .*spec\.template: Required value.*\]$/,
    );
  });
  it("a status patch missing required status fields is 422", () => {
    const o = { ...cs(), status: { replicas: 1 } };
    const e = failure(() => validateCustomResource(o, crd, "v1alpha1", { subresource: "status" }));
    expect(e.code).toBe(422);
    expect(e.status.details!.causes!.map((c) => c.field)).toContain("status.readyReplicas");
  });
  it("a complete status passes on /status; main-resource writes leave status untouched", () => {
    expect(() =>
      validateCustomResource({ ...cs(), status: status() }, crd, "v1alpha1", { subresource: "status" }),
    ).not.toThrow();
    const out = validateCustomResource({ ...cs(), status: { junk: 1 } }, crd, "v1alpha1", {}) as Obj;
    expect(out.status).toEqual({ junk: 1 });
  });
  it("a bad name gets kube's RFC 1123 subdomain text", () => {
    const o = cs();
    o.metadata.name = "Bad_Name";
    expect(failure(() => validateCustomResource(o, crd, "v1alpha1", {})).status.message).toBe(
      "CloneSet.apps.kruise.io \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  });
  it("invalid label values are rejected", () => {
    const o = cs();
    o.metadata.labels = { app: "-bad-" };
    expect(failure(() => validateCustomResource(o, crd, "v1alpha1", {})).status.details!.causes![0].field).toBe(
      "metadata.labels",
    );
  });
});

describe("generic schema features", () => {
  const mk = (props: object, extra: object = {}) => ({
    spec: {
      group: "ex.io",
      names: { kind: "Thing" },
      scope: "Namespaced",
      versions: [
        {
          name: "v1",
          schema: {
            openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: props, ...extra } } },
          },
        },
      ],
    },
  });
  const thing = (spec: object) => ({ apiVersion: "ex.io/v1", kind: "Thing", metadata: { name: "t" }, spec });
  it("defaults are applied to missing fields", () => {
    const out = validateCustomResource(thing({}), mk({ size: { type: "integer", default: 3 } }), "v1", {}) as Obj;
    expect(out.spec.size).toBe(3);
  });
  it("enum violations are Unsupported value with the supported list", () => {
    const e = failure(() =>
      validateCustomResource(thing({ mode: "c" }), mk({ mode: { type: "string", enum: ["a", "b"] } }), "v1", {}),
    );
    expect(e.status.message).toBe(
      'Thing.ex.io "t" is invalid: spec.mode: Unsupported value: "c": supported values: "a", "b"',
    );
  });
  it("nullable fields keep null", () => {
    const out = validateCustomResource(
      thing({ n: null }),
      mk({ n: { type: "string", nullable: true } }),
      "v1",
      {},
    ) as Obj;
    expect(out.spec.n).toBeNull();
  });
  it("minimum is enforced with go-openapi wording", () => {
    const e = failure(() =>
      validateCustomResource(thing({ n: -1 }), mk({ n: { type: "integer", minimum: 0 } }), "v1", {}),
    );
    expect(e.status.message).toBe(
      'Thing.ex.io "t" is invalid: spec.n: Invalid value: -1: spec.n in body should be greater than or equal to 0',
    );
  });
  it("additionalProperties schemas validate map values", () => {
    const e = failure(() =>
      validateCustomResource(
        thing({ m: { a: 1 } }),
        mk({ m: { type: "object", additionalProperties: { type: "string" } } }),
        "v1",
        {},
      ),
    );
    expect(e.status.details!.causes![0].field).toBe("spec.m.a");
  });
  it("embedded resources require apiVersion and kind and keep metadata", () => {
    const s = mk({
      obj: {
        type: "object",
        "x-kubernetes-embedded-resource": true,
        "x-kubernetes-preserve-unknown-fields": true,
        properties: {},
      },
    });
    const e = failure(() => validateCustomResource(thing({ obj: { metadata: { name: "x" } } }), s, "v1", {}));
    expect(e.status.details!.causes!.map((c) => c.field)).toEqual(["spec.obj.apiVersion", "spec.obj.kind"]);
  });
});
