import { describe, expect, it } from "vitest";
import { NOW, cloneSet, pod, pods } from "./fixtures";
import { podFactsByCloneSet } from "./list-pods";

describe("podFactsByCloneSet", () => {
  it("keeps a CloneSet's facts (so its list row) while it, the pods and the clock are the same", () => {
    const cs = cloneSet();
    const list = pods();
    const first = podFactsByCloneSet([cs], list, NOW).get("shop/ro");
    expect(podFactsByCloneSet([cs], list, NOW).get("shop/ro")).toBe(first);
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
