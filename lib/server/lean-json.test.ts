import { describe, expect, it } from "vitest";
import { withoutManagedFields } from "./lean-json";
import { trim } from "./hub/trim";
import type { K8sObject } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";

const mf = [{ manager: "kubelet", operation: "Update", fieldsV1: { "f:status": { 'f:x"]}': {} } } }];
const pod = (i: number) => ({
  metadata: {
    name: `p-${i}`,
    namespace: "shop",
    annotations: { note: '"managedFields":[1]', managedFields: "a string" },
    managedFields: mf,
  },
  spec: {
    containers: [{ name: "main", image: "nginx" }],
    volumes: [{ name: "scratch", ephemeral: { volumeClaimTemplate: { metadata: { managedFields: mf } } } }],
  },
  status: { phase: "Running", message: "ends with \\" },
});

describe("a LIST's text without managedFields, for pods and events", () => {
  it("parses to what trim keeps of the whole text, item by item", () => {
    const text = JSON.stringify({
      kind: "PodList",
      metadata: { resourceVersion: "9" },
      items: [pod(0), pod(1), pod(2)],
    });
    const lean = withoutManagedFields(text);
    expect(lean.length).toBeLessThan(text.length);
    expect(lean).not.toMatch(/"managedFields":\[/);
    const trimmed = (t: string) => (JSON.parse(t).items as K8sObject[]).map((o) => trim(KINDS.get("pods"), o));
    expect(trimmed(lean)).toEqual(trimmed(text));
    expect(JSON.parse(lean).metadata).toEqual({ resourceVersion: "9" });
  });

  it("keeps an annotation named managedFields and a string that spells the member", () => {
    const out = JSON.parse(withoutManagedFields(JSON.stringify({ items: [pod(0)] })));
    expect(out.items[0].metadata.annotations).toEqual({ note: '"managedFields":[1]', managedFields: "a string" });
    expect(out.items[0].metadata.managedFields).toBeUndefined();
  });

  it("drops the member wherever it is in its object, first, middle or last", () => {
    const first = '{"items":[{"metadata":{"managedFields":[{"a":1}],"name":"x"}}]}';
    const middle = '{"items":[{"metadata":{"name":"x","managedFields":[],"uid":"u"}}]}';
    expect(JSON.parse(withoutManagedFields(first))).toEqual({ items: [{ metadata: { name: "x" } }] });
    expect(JSON.parse(withoutManagedFields(middle))).toEqual({ items: [{ metadata: { name: "x", uid: "u" } }] });
    expect(JSON.parse(withoutManagedFields('{"metadata":{"managedFields":[]}}'))).toEqual({ metadata: {} });
  });

  it("returns the text unchanged when there is nothing to cut, or the text ends inside the member", () => {
    const none = JSON.stringify({ items: [{ metadata: { name: "x" } }] });
    expect(withoutManagedFields(none)).toBe(none);
    const cut = '{"items":[{"metadata":{"name":"x","managedFields":[{"a":"]';
    expect(withoutManagedFields(cut)).toBe(cut);
  });
});
