import { ApiException, FetchError } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { KINDS } from "@/lib/kinds";
import { errorResponse, explainCollectionError, httpErrors, toApiErrorBody } from "./errors";

const forbidden = {
  kind: "Status",
  apiVersion: "v1",
  metadata: {},
  status: "Failure",
  reason: "Forbidden",
  code: 403,
  message:
    'clonesets.apps.kruise.io is forbidden: User "viewer" cannot list resource "clonesets" in API group "apps.kruise.io" in the namespace "default"',
  details: { group: "apps.kruise.io", kind: "clonesets" },
};
const invalid = {
  kind: "Status",
  apiVersion: "v1",
  metadata: {},
  status: "Failure",
  reason: "Invalid",
  code: 422,
  message:
    'CloneSet.apps.kruise.io "web" is invalid: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
  details: {
    name: "web",
    group: "apps.kruise.io",
    kind: "CloneSet",
    causes: [{ reason: "FieldValueTypeInvalid", message: 'Invalid value: "string"', field: "spec.replicas" }],
  },
};

describe("toApiErrorBody", () => {
  it("keeps the Kubernetes reason and message of an ApiException whose body is a JSON string", () => {
    const e = new ApiException(403, "Forbidden", JSON.stringify(forbidden), {});
    expect(toApiErrorBody(e)).toEqual({ code: 403, reason: "Forbidden", message: forbidden.message });
  });

  it("carries field causes of a 422 so the UI can point at the field", () => {
    const e = new ApiException(422, "Unprocessable", JSON.stringify(invalid), {});
    expect(toApiErrorBody(e)).toEqual({
      code: 422,
      reason: "Invalid",
      message: invalid.message,
      details: {
        field: "spec.replicas",
        causes: [{ field: "spec.replicas", message: 'Invalid value: "string"', reason: "FieldValueTypeInvalid" }],
      },
    });
  });

  it("an ApiException with a non-JSON body still gets a reason from its code", () => {
    expect(toApiErrorBody(new ApiException(503, "x", "upstream connect error", {}))).toEqual({
      code: 503,
      reason: "ServiceUnavailable",
      message: "upstream connect error",
    });
  });

  it("maps a Status object from a watch ERROR event", () => {
    const st = { kind: "Status", code: 410, reason: "Expired", message: "too old resource version: 5 (20)" };
    expect(toApiErrorBody(st)).toEqual({ code: 410, reason: "Expired", message: "too old resource version: 5 (20)" });
  });

  it("a watch's non-200 answer (Error with statusCode) keeps the code", () => {
    const e = Object.assign(new Error("Forbidden"), { statusCode: 403 });
    expect(toApiErrorBody(e, 'cluster "prod"')).toMatchObject({ code: 403, reason: "Forbidden" });
  });

  it("connection refused is 502 Unreachable naming the cluster", () => {
    const e = new FetchError(
      "request to https://127.0.0.1:1/api failed, reason: connect ECONNREFUSED 127.0.0.1:1",
      "system",
      { code: "ECONNREFUSED" } as never,
    );
    const body = toApiErrorBody(e, 'cluster "prod"');
    expect(body.code).toBe(502);
    expect(body.reason).toBe("Unreachable");
    expect(body.message).toContain('cluster "prod" is unreachable');
    expect(body.message).toContain("ECONNREFUSED");
  });

  it("anything else is a 500 InternalError with its message", () => {
    expect(toApiErrorBody(new Error("No currently active cluster"))).toEqual({
      code: 500,
      reason: "InternalError",
      message: "No currently active cluster",
    });
  });
});

describe("errorResponse", () => {
  it("serves the body as JSON with the same HTTP status", async () => {
    const res = errorResponse(httpErrors.badRequest('unknown resource "secrets"', "resource"));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ code: 400, reason: "BadRequest", details: { field: "resource" } });
  });
});

describe("explainCollectionError", () => {
  const notServed = { code: 404, reason: "NotFound", message: "the server could not find the requested resource" };
  it("says the CloneSet CRD is missing when listing clonesets is a 404", () => {
    const e = explainCollectionError(notServed, KINDS.get("clonesets"), "prod");
    expect(e.code).toBe(404);
    expect(e.message).toContain(
      'cluster "prod" does not serve clonesets (apps.kruise.io/v1alpha1) — is OpenKruise (the CloneSet CRD) installed?',
    );
  });
  it("leaves other errors alone", () => {
    const denied = { code: 403, reason: "Forbidden", message: "x" };
    expect(explainCollectionError(denied, KINDS.get("pods"), "prod")).toBe(denied);
  });
});
