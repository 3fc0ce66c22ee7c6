import { describe, expect, it } from "vitest";
import type { HookWait } from "../lifecycle/waits";
import { hookWaitText } from "./hooks";

const wait = (over: Partial<HookWait>): HookWait => ({
  hook: "inPlaceUpdate",
  state: "PreparingUpdate",
  action: "remove",
  labels: ["example.com/hold=true"],
  finalizers: [],
  pods: ["a", "b", "c"],
  markPodNotReady: false,
  ...over,
});

describe("hook holds in words", () => {
  it("says which hook, how many pods, what to change and who owns it", () => {
    expect(hookWaitText(wait({}))).toBe(
      "waiting for the in-place-update hook on 3 pods: remove label example.com/hold=true (owned by your hook controller)",
    );
  });

  it("uses the singular for one pod and names labels and finalizers together", () => {
    expect(
      hookWaitText(
        wait({ hook: "preDelete", state: "PreparingDelete", pods: ["a"], finalizers: ["f/1", "f/2"], labels: [] }),
      ),
    ).toBe("waiting for the pre-delete hook on 1 pod: remove finalizers f/1 and f/2 (owned by your hook controller)");
  });

  it("asks for the handlers back on Updated pods and says they stay unavailable", () => {
    expect(hookWaitText(wait({ state: "Updated", action: "add", pods: ["a"] }))).toBe(
      "waiting for the in-place-update hook on 1 pod: put back label example.com/hold=true (owned by your hook controller); it is updated but not available until then",
    );
  });

  it("adds the markPodNotReady consequence", () => {
    expect(hookWaitText(wait({ markPodNotReady: true }))).toMatch(
      /; Kruise marks them not ready meanwhile \(markPodNotReady\)$/,
    );
  });

  it("words preNormal holds as labels to add", () => {
    expect(hookWaitText(wait({ hook: "preNormal", state: "PreparingNormal", action: "add", pods: ["a", "b"] }))).toBe(
      "waiting for the pre-normal hook on 2 pods: add label example.com/hold=true (owned by your hook controller)",
    );
  });
});
