import { describe, expect, it } from "vitest";
import { isPodAllHooked, isPodHooked, kruisePodReadyConditions, withHookHandlers } from "./lifecycle";
import type { Pod } from "../../k8s/objects";

const hook = { labelsHandler: { "example.com/ready": "true" }, finalizersHandler: ["example.com/drain"] };
const pod = (labels: Record<string, string> = {}, finalizers: string[] = []): Pod => ({
  metadata: { name: "pod", labels, finalizers },
  spec: { containers: [], readinessGates: [{ conditionType: "KruisePodReady" }] },
  status: { conditions: [] },
});

describe("lifecycle hooks (apis/apps/pub/lifecycle.go, pkg/util/lifecycle)", () => {
  it("hooked = any handler present; all-hooked = every handler present", () => {
    expect(isPodHooked(hook, pod({ "example.com/ready": "true" }))).toBe(true);
    expect(isPodAllHooked(hook, pod({ "example.com/ready": "true" }))).toBe(false);
    expect(isPodAllHooked(hook, pod({ "example.com/ready": "true" }, ["example.com/drain"]))).toBe(true);
    expect(isPodHooked(hook, pod())).toBe(false);
  });
  it("re-adding handlers makes a pod all-hooked again", () => {
    expect(isPodAllHooked(hook, withHookHandlers(pod(), hook))).toBe(true);
  });
  it("markPodNotReady keeps KruisePodReady False while a lifecycle key is present", () => {
    const c1 = kruisePodReadyConditions(pod(), "preUpdateHook", true, "t1")!;
    expect(c1[0]).toMatchObject({ status: "False", message: '[{"userAgent":"Lifecycle","key":"preUpdateHook"}]' });
    const p2 = { ...pod(), status: { conditions: c1 } };
    expect(kruisePodReadyConditions(p2, "preUpdateHook", true, "t2")).toBeUndefined();
    expect(kruisePodReadyConditions(p2, "preUpdateHook", false, "t3")![0]).toMatchObject({ status: "True" });
  });
});
