import { describe, expect, it } from "vitest";
import { sampleCloneSet } from "./fixtures/cloneset";
import type { JsonObject } from "./json";
import { classifySave } from "./save-outcome";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function edit(o: JsonObject, f: (o: Obj) => void): JsonObject {
  const c = structuredClone(o);
  f(c);
  return c;
}
const before = edit(sampleCloneSet(), (o) => {
  o.metadata.resourceVersion = "100";
  o.metadata.generation = 4;
  o.spec.updateStrategy = { partition: 0 };
});

describe("classifySave: a write that stored nothing, only the server's metadata, or a change (§11.1, §11.5)", () => {
  it("a true no-op keeps the resourceVersion: nothing was stored", () => {
    expect(classifySave(before, structuredClone(before))).toEqual({
      kind: "unchanged",
      fields: [],
      generationMoved: false,
    });
  });

  it("a new resourceVersion with the same generation and spec (managed fields rewritten) is metadata-only: nothing in the spec changed", () => {
    const stored = edit(before, (o) => {
      o.metadata.resourceVersion = "101";
      o.metadata.managedFields = [{ manager: "kruise-console", operation: "Update" }];
    });
    expect(classifySave(before, stored).kind).toBe("metadata-only");
  });

  it("status churn between the read and the write does not count as a change", () => {
    const stored = edit(before, (o) => {
      o.metadata.resourceVersion = "105";
      o.status = { ...o.status, readyReplicas: 1 };
    });
    expect(classifySave(before, stored).kind).toBe("metadata-only");
  });

  it("a spec change moves the generation and names the field", () => {
    const stored = edit(before, (o) => {
      o.metadata.resourceVersion = "101";
      o.metadata.generation = 5;
      o.spec.replicas = 9;
    });
    expect(classifySave(before, stored)).toEqual({ kind: "changed", fields: ["spec.replicas"], generationMoved: true });
  });

  it("a label change is a change although the generation stays", () => {
    const stored = edit(before, (o) => {
      o.metadata.resourceVersion = "101";
      o.metadata.labels = { ...o.metadata.labels, team: "shop" };
    });
    expect(classifySave(before, stored)).toMatchObject({ kind: "changed", fields: ["metadata.labels.team"] });
  });
});
