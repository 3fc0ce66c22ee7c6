import { describe, expect, it } from "vitest";
import { ApiError } from "./status";
import { parseFieldSelector, parseLabelSelector } from "./selectors";

const pod = (labels: Record<string, string>, extra: object = {}) => ({
  metadata: { name: "p", namespace: "shop", labels },
  ...extra,
});

describe("label selectors", () => {
  const cases: [string, Record<string, string>, boolean][] = [
    ["app=web", { app: "web" }, true],
    ["app==web", { app: "web" }, true],
    ["app!=web", { app: "db" }, true],
    ["app!=web", {}, true],
    ["app in (web, db)", { app: "db" }, true],
    ["app notin (web,db)", { app: "db" }, false],
    ["app notin (web,db)", {}, true],
    ["app", { app: "" }, true],
    ["!app", { app: "x" }, false],
    ["app=web,tier in (fe)", { app: "web", tier: "fe" }, true],
    ["app=web,tier in (fe)", { app: "web", tier: "be" }, false],
  ];
  it.each(cases)("%s against %j matches: %s", (sel, labels, want) => {
    expect(parseLabelSelector(sel)!(pod(labels))).toBe(want);
  });

  it("rejects malformed selectors with 400", () => {
    try {
      parseLabelSelector("app in web)");
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).code).toBe(400);
    }
  });
});

describe("field selectors", () => {
  it("matches pods by spec.nodeName and status.phase", () => {
    const m = parseFieldSelector("spec.nodeName=node-1,status.phase!=Failed", "Pod")!;
    expect(m(pod({}, { spec: { nodeName: "node-1" }, status: { phase: "Running" } }))).toBe(true);
    expect(m(pod({}, { spec: { nodeName: "node-2" }, status: { phase: "Running" } }))).toBe(false);
  });

  it("refuses fields a custom resource does not support, like kube", () => {
    try {
      parseFieldSelector("spec.replicas=3", "CloneSet");
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).status.message).toBe("field label not supported: spec.replicas");
    }
  });

  it("supports metadata.name and metadata.namespace everywhere", () => {
    expect(parseFieldSelector("metadata.name=p,metadata.namespace=shop", "CloneSet")!(pod({}))).toBe(true);
  });
});
