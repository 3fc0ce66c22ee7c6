import { describe, expect, it } from "vitest";
import type { HookWait } from "../lifecycle/waits";
import { NOW } from "./fixtures";
import { hookWaitsByCloneSet, hookWaitText } from "./hooks";
import { cloneSetView, withPods, type RowPodFacts } from "./list";

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

describe("hook holds on the list", () => {
  const lifecycle = { inPlaceUpdate: { labelsHandler: { "example.com/hold": "true" } } };
  const held = (name: string, ownerUid: string) => ({
    metadata: {
      name,
      namespace: "shop",
      labels: { "lifecycle.apps.kruise.io/state": "PreparingUpdate", "example.com/hold": "true" },
      ownerReferences: [{ uid: ownerUid, controller: true }],
    },
  });

  it("counts only each CloneSet's own held pods, and only CloneSets that declare hooks", () => {
    const hooked = { metadata: { name: "a", namespace: "shop", uid: "u-a" }, spec: { lifecycle } };
    const plain = { metadata: { name: "b", namespace: "shop", uid: "u-b" }, spec: {} };
    const w = hookWaitsByCloneSet([hooked, plain], [held("a-1", "u-a"), held("a-2", "u-a"), held("b-1", "u-b")]);
    expect([...w.keys()]).toEqual(["shop/a"]);
    expect(w.get("shop/a")![0].pods).toEqual(["a-1", "a-2"]);
  });

  it("a row whose pods a hook holds says so instead of rolling, but a stale status still comes first", () => {
    const cs = {
      metadata: { name: "a", namespace: "shop", generation: 2 },
      spec: { replicas: 3 },
      status: { observedGeneration: 2, expectedUpdatedReplicas: 3 },
    };
    const texts = [
      { text: "waiting for the in-place-update hook on 2 pods: remove label x=y (owned by your hook controller)" },
    ];
    const facts = (waits: { text: string }[]): RowPodFacts => ({
      counts: { replicas: 0, ready: 0, available: 0, updated: 0, updatedReady: 0, updatedAvailable: 0 },
      pods: [],
      failing: [],
      waits,
    });
    const withHookWaits = (c: typeof cs, waits: { text: string }[]) =>
      withPods(cloneSetView(c, NOW), c, facts(waits), NOW);
    const row = withHookWaits(cs, texts);
    expect(row.phase).toBe("waiting-for-hook");
    expect(row.hookWaits).toEqual([texts[0].text]);
    const stale = withHookWaits({ ...cs, metadata: { ...cs.metadata, generation: 3 } }, texts);
    expect(stale.phase).toBe("waiting-for-controller");
    expect(withHookWaits(cs, []).phase).toBe("rolling");
  });
});
