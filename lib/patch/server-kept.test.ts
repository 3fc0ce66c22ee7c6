import { describe, expect, it } from "vitest";
import { sampleCloneSet } from "./fixtures/cloneset";
import type { JsonObject } from "./json";
import { describeKept, serverKept } from "./server-kept";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function edit(o: JsonObject, f: (o: Obj) => void): JsonObject {
  const c = structuredClone(o);
  f(c);
  return c;
}
const sample = sampleCloneSet();
const withPartition = (n: number) => edit(sample, (o) => (o.spec.updateStrategy = { partition: n }));

describe("serverKept: the fields a patch changed that the server did not store as asked", () => {
  it("a removed field the server put back with the same value is reported as kept", () => {
    const before = withPartition(0);
    const asked = edit(before, (o) => delete o.spec.updateStrategy.partition);
    const kept = serverKept(before, asked, before);
    expect(kept).toEqual([{ field: "spec.updateStrategy.partition", how: "kept", stored: 0, before: 0 }]);
    expect(describeKept(kept[0])).toBe(
      "the server kept spec.updateStrategy.partition: 0 (you removed it) — a webhook or default sets it",
    );
  });

  it("a removed field the server defaulted to another value is reported as replaced", () => {
    const before = withPartition(3);
    const asked = edit(before, (o) => delete o.spec.updateStrategy.partition);
    const stored = withPartition(0);
    expect(serverKept(before, asked, stored)).toEqual([
      { field: "spec.updateStrategy.partition", how: "replaced", stored: 0, before: 3 },
    ]);
  });

  it("a changed value the server overrode names what was asked and what was stored", () => {
    const before = withPartition(1);
    const kept = serverKept(before, withPartition(5), withPartition(2));
    expect(kept).toEqual([{ field: "spec.updateStrategy.partition", how: "replaced", asked: 5, stored: 2, before: 1 }]);
    expect(describeKept(kept[0])).toMatch(/stored spec\.updateStrategy\.partition: 2 \(you asked 5\)/);
  });

  it("an added field the server dropped is reported as absent there", () => {
    const asked = edit(sample, (o) => (o.spec.bogus = 1));
    const kept = serverKept(sample, asked, sample);
    expect(kept).toEqual([{ field: "spec.bogus", how: "kept", asked: 1 }]);
    expect(describeKept(kept[0])).toBe(
      "the server dropped spec.bogus (you asked 1) — the schema or a webhook removes it",
    );
  });

  it("every change stored as asked gives nothing, even when the server added defaults inside a new element", () => {
    const asked = edit(sample, (o) => {
      o.spec.replicas = 9;
      o.spec.template.spec.containers.push({ name: "extra", image: "busybox" });
    });
    const stored = edit(asked, (o) => {
      const extra = o.spec.template.spec.containers.find((c: Obj) => c.name === "extra");
      extra.imagePullPolicy = "Always";
      extra.terminationMessagePath = "/dev/termination-log";
      o.metadata.resourceVersion = "999";
      o.status = { replicas: 9 };
    });
    expect(serverKept(sample, asked, stored)).toEqual([]);
  });

  it("only the fields the patch changed are compared: the server's other defaults are not reported", () => {
    const asked = edit(sample, (o) => (o.spec.replicas = 4));
    const stored = edit(asked, (o) => (o.spec.revisionHistoryLimit = 10));
    expect(serverKept(sample, asked, stored)).toEqual([]);
  });
});
