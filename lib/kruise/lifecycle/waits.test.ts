import { describe, expect, it } from "vitest";
import { hookHeldPods, hookWaits, type WaitPod } from "./waits";

const HOLD = { "example.com/hold": "true" };
const pod = (name: string, state: string, labels: Record<string, string> = {}, finalizers: string[] = []): WaitPod => ({
  metadata: { name, labels: { "lifecycle.apps.kruise.io/state": state, ...labels }, finalizers },
});

describe("lifecycle hook holds (docs/kruise-rules.md §2.2, §8.2)", () => {
  it("a PreparingUpdate pod still carrying the inPlaceUpdate label waits for its removal", () => {
    const w = hookWaits({ inPlaceUpdate: { labelsHandler: HOLD } }, [
      pod("a", "PreparingUpdate", HOLD),
      pod("b", "PreparingUpdate", HOLD),
      pod("c", "Normal", HOLD),
    ]);
    expect(w).toEqual([
      {
        hook: "inPlaceUpdate",
        state: "PreparingUpdate",
        action: "remove",
        labels: ["example.com/hold=true"],
        finalizers: [],
        pods: ["a", "b"],
        markPodNotReady: false,
      },
    ]);
  });

  it("a PreparingUpdate pod whose handlers are gone is not held (Kruise starts its update next)", () => {
    expect(hookWaits({ inPlaceUpdate: { labelsHandler: HOLD } }, [pod("a", "PreparingUpdate")])).toEqual([]);
  });

  it("an Updated pod waits until every inPlaceUpdate handler is back (all-hooked), naming the missing ones", () => {
    const hook = { labelsHandler: HOLD, finalizersHandler: ["example.com/drain"] };
    const w = hookWaits({ inPlaceUpdate: hook }, [
      pod("a", "Updated", HOLD),
      pod("b", "Updated"),
      pod("c", "Updated", HOLD, ["example.com/drain"]),
    ]);
    expect(w).toMatchObject([
      {
        state: "Updated",
        action: "add",
        labels: ["example.com/hold=true"],
        finalizers: ["example.com/drain"],
        pods: ["a", "b"],
      },
    ]);
  });

  it("a PreparingDelete pod holding a preDelete finalizer waits for its removal; markPodNotReady is reported", () => {
    const w = hookWaits({ preDelete: { finalizersHandler: ["example.com/drain"], markPodNotReady: true } }, [
      pod("a", "PreparingDelete", {}, ["example.com/drain"]),
    ]);
    expect(w).toMatchObject([
      { hook: "preDelete", action: "remove", finalizers: ["example.com/drain"], pods: ["a"], markPodNotReady: true },
    ]);
  });

  it("a PreparingNormal pod waits for every preNormal handler to be added", () => {
    const w = hookWaits({ preNormal: { labelsHandler: { "example.com/warm": "yes" } } }, [
      pod("a", "PreparingNormal"),
      pod("b", "PreparingNormal", { "example.com/warm": "yes" }),
    ]);
    expect(w).toMatchObject([{ hook: "preNormal", action: "add", labels: ["example.com/warm=yes"], pods: ["a"] }]);
  });

  it("without a preNormal hook a PreparingNormal pod waits for a node, not a hook", () => {
    expect(hookWaits({ inPlaceUpdate: { labelsHandler: HOLD } }, [pod("a", "PreparingNormal")])).toEqual([]);
    expect(hookWaits(undefined, [pod("a", "PreparingUpdate", HOLD)])).toEqual([]);
  });

  it("markPodNotReady on the inPlaceUpdate hook applies while Preparing, not once Updated", () => {
    const lc = { inPlaceUpdate: { labelsHandler: HOLD, markPodNotReady: true } };
    const w = hookWaits(lc, [pod("a", "PreparingUpdate", HOLD), pod("b", "Updated")]);
    expect(w.map((x) => [x.state, x.markPodNotReady])).toEqual([
      ["PreparingUpdate", true],
      ["Updated", false],
    ]);
  });

  it("terminating pods are not held by hooks; held pods are named for the preview", () => {
    const gone = { ...pod("x", "PreparingUpdate", HOLD) };
    gone.metadata = { ...gone.metadata, deletionTimestamp: "2026-11-22T11:00:00Z" };
    const lc = { inPlaceUpdate: { labelsHandler: HOLD } };
    expect(hookHeldPods(lc, [gone, pod("a", "PreparingUpdate", HOLD)])).toEqual(new Set(["a"]));
  });
});
