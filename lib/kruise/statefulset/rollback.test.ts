import { describe, expect, it } from "vitest";
import { predictStatefulRollback } from "./rollback";
import { NEW, OLD, pod, revisions, statefulSet } from "./fixtures";

describe("Advanced StatefulSet rollback prediction (§13.10)", () => {
  const { old, next } = revisions();
  const live = [pod(0), pod(1), pod(2, { rev: NEW }), pod(3, { rev: NEW })];

  it("the old revision comes back under its name with the next number; pods on it stay, the others move highest first", () => {
    const set = statefulSet(4, { podUpdatePolicy: "InPlaceIfPossible" });
    const r = predictStatefulRollback(
      set,
      live.map((p, i) => (i < 2 ? p : pod(i, { rev: NEW }))),
      [old, next],
      old,
    );
    expect([r.revision, r.revisionNumber]).toEqual([OLD, 3]);
    expect(r.alreadyThere).toEqual(["web-0", "web-1"]);
    expect(r.moves).toEqual([
      { pod: "web-3", how: "in-place" },
      { pod: "web-2", how: "in-place" },
    ]);
  });

  it("the partition keeps low ordinals where they are; ReCreate recreates", () => {
    const set = statefulSet(4, { partition: 3 });
    const r = predictStatefulRollback(set, live, [old, next], old);
    expect(r.moves).toEqual([{ pod: "web-3", how: "recreate" }]);
    expect(r.kept).toEqual(["web-2"]);
  });
});
