import { describe, expect, it } from "vitest";
import { byController, controlledBy, controllerRefOf, isControlledBy } from "./owner";

const pod = (name: string, ...refs: { uid?: string; controller?: boolean }[]) => ({
  metadata: { name, ownerReferences: refs },
});

describe("ownership by controller reference", () => {
  it("counts only the reference marked controller: true, as GetControllerOf picks it", () => {
    expect(isControlledBy(pod("a", { uid: "cs", controller: true }), "cs")).toBe(true);
    expect(isControlledBy(pod("b", { uid: "cs" }), "cs")).toBe(false);
    expect(isControlledBy(pod("c", { uid: "cs", controller: false }), "cs")).toBe(false);
    expect(controllerRefOf(pod("d", { uid: "x" }, { uid: "cs", controller: true }))?.uid).toBe("cs");
  });

  it("decides by UID: a same-named owner with another UID owns nothing, and no UID owns nothing", () => {
    expect(isControlledBy(pod("a", { uid: "old-uid", controller: true }), "new-uid")).toBe(false);
    expect(isControlledBy(pod("a", { uid: "cs", controller: true }), undefined)).toBe(false);
    expect(controlledBy([pod("a", { controller: true })], "")).toEqual([]);
  });

  it("groups by controller in one pass, in list order, as controlledBy selects one owner's", () => {
    const items = [
      pod("a", { uid: "cs1", controller: true }),
      pod("b", { uid: "cs2", controller: true }),
      pod("c", { uid: "cs1" }),
      pod("d", { uid: "cs1", controller: true }),
    ];
    const map = byController(items);
    expect(map.get("cs1")?.map((p) => p.metadata.name)).toEqual(["a", "d"]);
    expect(map.get("cs1")).toEqual(controlledBy(items, "cs1"));
    expect(map.get("cs2")?.map((p) => p.metadata.name)).toEqual(["b"]);
  });
});
