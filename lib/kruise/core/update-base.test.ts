import { describe, expect, it } from "vitest";
import { partitionPatch } from "@/lib/patch";
import { guardObject, updateBaseOf } from "./update-base";

const cs = (updateStrategy: Record<string, unknown>, template?: Record<string, unknown>) => ({
  metadata: { generation: 3, resourceVersion: "42" },
  spec: { updateStrategy, ...(template ? { template } : {}) },
});

describe("the update base both sides compute", () => {
  it("keeps the set strategy fields and treats a null as unset, as the page and the server alike must", () => {
    expect(updateBaseOf(cs({ partition: null, paused: false, maxSurge: "10%" }))).toEqual({
      generation: 3,
      resourceVersion: "42",
      paused: false,
      maxSurge: "10%",
    });
    expect(updateBaseOf(cs({ partition: 0 })).partition).toBe(0);
  });

  it("carries the template only for a rollback", () => {
    const t = { spec: { containers: [{ name: "app", image: "nginx:1" }] } };
    expect(updateBaseOf(cs({}, t)).template).toBeUndefined();
    expect(updateBaseOf(cs({}, t), true).template).toEqual(t);
  });

  it("guards only what the page showed: an absent partition is tested as null, the strategy object always exists", () => {
    const base = guardObject(updateBaseOf(cs({ paused: false, partition: null })));
    expect(base).toEqual({ metadata: { generation: 3 }, spec: { updateStrategy: { paused: false } } });
    expect(JSON.parse(partitionPatch(base, 2).body)).toEqual([
      { op: "test", path: "/spec/updateStrategy/partition", value: null },
      { op: "test", path: "/metadata/generation", value: 3 },
      { op: "add", path: "/spec/updateStrategy/partition", value: 2 },
    ]);
  });

  it("reads and guards an Advanced StatefulSet's or DaemonSet's fields in updateStrategy.rollingUpdate", () => {
    const at = ["spec", "updateStrategy", "rollingUpdate"];
    const set = {
      metadata: { generation: 4 },
      spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 3, maxUnavailable: 1 } } },
    };
    const b = updateBaseOf(set, false, at);
    expect(b).toEqual({ generation: 4, partition: 3, maxUnavailable: 1 });
    const base = guardObject(b, at);
    expect(base).toEqual({
      metadata: { generation: 4 },
      spec: { updateStrategy: { rollingUpdate: { partition: 3, maxUnavailable: 1 } } },
    });
    expect(JSON.parse(partitionPatch(base, 2, { at }).body)).toEqual([
      { op: "test", path: "/spec/updateStrategy/rollingUpdate/partition", value: 3 },
      { op: "test", path: "/metadata/generation", value: 4 },
      { op: "add", path: "/spec/updateStrategy/rollingUpdate/partition", value: 2 },
    ]);
  });
});
