import { describe, expect, it } from "vitest";
import { metadataResourceVersion } from "./json-meta";

describe("metadata.resourceVersion read from JSON text", () => {
  it("finds it wherever metadata and the version sit, past nested values, strings with escapes and whitespace", () => {
    const obj = {
      kind: "Pod",
      status: { conditions: [{ type: "Ready", message: 'say "}{" \\ ]' }], resourceVersion: "not this" },
      metadata: {
        name: "p",
        labels: { "a/b": "{[" },
        managedFields: [{ fieldsV1: { "f:metadata": { "f:resourceVersion": {} } } }],
        ownerReferences: [{ resourceVersion: "nor this" }],
        resourceVersion: "1234",
      },
      spec: { n: 3, ok: true, x: null },
    };
    expect(metadataResourceVersion(JSON.stringify(obj))).toBe("1234");
    expect(metadataResourceVersion(JSON.stringify(obj, null, 2))).toBe("1234");
  });

  it("is undefined when there is none to find, so the caller parses the whole text", () => {
    expect(metadataResourceVersion(JSON.stringify({ metadata: { name: "p" } }))).toBeUndefined();
    expect(metadataResourceVersion(JSON.stringify({ kind: "Status", code: 404 }))).toBeUndefined();
    expect(metadataResourceVersion("[]")).toBeUndefined();
    expect(metadataResourceVersion('{"metadata":{"resourceVersion":12}}')).toBeUndefined();
    expect(metadataResourceVersion('{"metadata":{"resourceVersion":"1')).toBeUndefined();
  });
});
