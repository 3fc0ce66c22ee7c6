import { describe, expect, it } from "vitest";
import { NOW, pod } from "./fixtures";
import { podView } from "./pods";
import { cachedPodView } from "./row-cache";

describe("cachedPodView", () => {
  it("shows exactly what podView shows", () => {
    for (const p of [pod(1), pod(2, { updated: true, updating: true }), pod(3, { waiting: "ImagePullBackOff" })])
      expect(cachedPodView(p, NOW)).toEqual(podView(p, NOW));
  });

  it("reuses the row while the pod object is the same, and builds a new one for a new object", () => {
    const p = pod(1);
    const row = cachedPodView(p, NOW);
    expect(cachedPodView(p, NOW)).toBe(row);
    const changed = pod(1, { waiting: "CrashLoopBackOff" });
    expect(cachedPodView(changed, NOW)).not.toBe(row);
    expect(cachedPodView(changed, NOW).problem?.reason).toBe("CrashLoopBackOff");
  });

  it("moves the age with the clock", () => {
    const p = pod(1);
    const later = new Date(NOW.getTime() + 3 * 3600_000);
    const row = cachedPodView(p, later);
    expect(row.age).toBe(podView(p, later).age);
    expect(cachedPodView(p, NOW).age).toBe(podView(p, NOW).age);
    expect(row.age).not.toBe(podView(p, NOW).age);
  });
});
