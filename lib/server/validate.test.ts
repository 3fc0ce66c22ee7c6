import { describe, expect, it } from "vitest";
import { HttpError } from "./errors";
import { validateNamespace, validateObjectName, validateResource } from "./validate";

const rejects = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return (e as HttpError).body;
  }
  throw new Error("expected a 400");
};

describe("name validation (DNS-1123)", () => {
  it("accepts namespaces that are DNS-1123 labels", () => {
    expect(validateNamespace("shop")).toBe("shop");
    expect(validateNamespace("a-1")).toBe("a-1");
  });
  it.each(["Shop", "-shop", "shop-", "a.b", "a/b", "..", "x".repeat(64), ""])("rejects namespace %j with 400", (ns) => {
    expect(rejects(() => validateNamespace(ns))).toMatchObject({
      code: 400,
      reason: "BadRequest",
      details: { field: "namespace" },
    });
  });
  it("accepts object names that are DNS-1123 subdomains (dots allowed)", () => {
    expect(validateObjectName("web-7d9f8c6b5-abcde")).toBe("web-7d9f8c6b5-abcde");
    expect(validateObjectName("web.v2")).toBe("web.v2");
  });
  it.each(["Web", "web_1", "web/../x", "%2e%2e", "a..b", "x".repeat(254)])("rejects object name %j with 400", (n) => {
    expect(rejects(() => validateObjectName(n))).toMatchObject({ code: 400, details: { field: "name" } });
  });
});

describe("resource allow-list", () => {
  it("accepts the served resources", () => {
    expect(validateResource("clonesets")).toBe("clonesets");
    expect(validateResource("events")).toBe("events");
  });
  it("rejects anything else, including inherited object keys", () => {
    expect(rejects(() => validateResource("secrets")).message).toContain('unknown resource "secrets"');
    expect(rejects(() => validateResource("constructor")).code).toBe(400);
  });
  it("honours a narrower list (GET of one object has no events)", () => {
    expect(rejects(() => validateResource("events", ["clonesets", "pods", "controllerrevisions"])).message).toContain(
      "expected one of clonesets, pods, controllerrevisions",
    );
  });
});
