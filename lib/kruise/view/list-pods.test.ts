import { describe, expect, it } from "vitest";
import { NOW, cloneSet, pod, pods } from "./fixtures";
import { podFactsByCloneSet } from "./list-pods";
import { ownedBy } from "./pods";

describe("podFactsByCloneSet", () => {
  it("keeps a CloneSet's facts (so its list row) while it, the pods and the clock are the same", () => {
    const cs = cloneSet();
    const list = pods();
    const first = podFactsByCloneSet([cs], list, NOW).get("shop/ro");
    expect(podFactsByCloneSet([cs], list, NOW).get("shop/ro")).toBe(first);
  });

  it("keeps a CloneSet's facts while only another CloneSet's pods change", () => {
    const cs = cloneSet();
    const list = pods();
    const first = podFactsByCloneSet([cs], list, NOW).get("shop/ro");
    const stranger = pod(42);
    stranger.metadata!.ownerReferences = [{ uid: "someone-else", controller: true }];
    expect(podFactsByCloneSet([cs], [...list, stranger], NOW).get("shop/ro")).toBe(first);
  });

  it("counts only the pods this CloneSet controls, as ownedBy selects them", () => {
    const cs = cloneSet();
    const list = pods();
    const stranger = pod(42);
    stranger.metadata!.ownerReferences = [{ uid: "cs-uid-1", controller: false }];
    const facts = podFactsByCloneSet([cs], [...list, stranger], NOW).get("shop/ro")!;
    expect(facts.pods.map((p) => p.name)).toEqual(ownedBy(list, cs).map((p) => p.metadata!.name));
  });

  it("recounts when the pods list changes", () => {
    const cs = cloneSet();
    const list = pods();
    const first = podFactsByCloneSet([cs], list, NOW).get("shop/ro")!;
    const failing = [...list.slice(1), pod(0, { waiting: "ImagePullBackOff" })];
    const next = podFactsByCloneSet([cs], failing, NOW).get("shop/ro")!;
    expect(next).not.toBe(first);
    expect(next.failing.map((f) => f.reason)).toContain("ImagePullBackOff");
  });
});
