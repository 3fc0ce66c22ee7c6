import { describe, expect, it } from "vitest";
import { ApiError } from "./status";
import { Store } from "./store";

const obj = (name: string) => ({ metadata: { name, namespace: "default" } as Record<string, unknown> });

describe("store resourceVersions and watch history", () => {
  it("gives every write a new, increasing resourceVersion shared across resources", () => {
    const s = new Store();
    const a = s.put("pods.", obj("a"));
    const b = s.put("clonesets.apps.kruise.io", obj("b"));
    expect(Number(b.metadata.resourceVersion)).toBeGreaterThan(Number(a.metadata.resourceVersion));
  });

  it("replays only events after the requested resourceVersion", () => {
    const s = new Store();
    const first = s.put("pods.", obj("a"));
    s.put("pods.", obj("b"));
    s.remove("pods.", s.get("pods.", "default", "a")!);
    const evs = s.eventsSince("pods.", Number(first.metadata.resourceVersion));
    expect(evs.map((e) => `${e.type} ${e.obj.metadata.name}`)).toEqual(["ADDED b", "DELETED a"]);
  });

  it("answers a too-old resourceVersion with 410 Expired worded like the watch cache", () => {
    const s = new Store(2);
    for (const n of ["a", "b", "c", "d"]) s.put("pods.", obj(n));
    try {
      s.eventsSince("pods.", 1);
      expect.unreachable();
    } catch (e) {
      const st = (e as ApiError).status;
      expect(st.code).toBe(410);
      expect(st.reason).toBe("Expired");
      expect(st.message).toBe("too old resource version: 1 (2)");
    }
    expect(s.eventsSince("pods.", 2).map((e) => e.obj.metadata.name)).toEqual(["c", "d"]);
  });

  it("after a simulated restart every older resourceVersion is too old", () => {
    const s = new Store();
    s.put("pods.", obj("a"));
    s.put("pods.", obj("b"));
    s.resetHistory();
    expect(() => s.eventsSince("pods.", 1)).toThrow(/too old resource version: 1 \(2\)/);
    s.put("pods.", obj("c"));
    expect(s.eventsSince("pods.", 2).map((e) => e.obj.metadata.name)).toEqual(["c"]);
  });

  it("lists objects sorted by namespace/name", () => {
    const s = new Store();
    for (const n of ["c", "a", "b"]) s.put("pods.", obj(n));
    expect(s.list("pods.").map((o) => o.metadata.name)).toEqual(["a", "b", "c"]);
  });
});
