import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { secretEquals, SessionStore } from "./sessions";

const user = { name: "alice", groups: ["dev"] };

describe("server-side sessions", () => {
  it("a cookie id finds its session; the store never holds the id itself", () => {
    const store = new SessionStore(() => 1000);
    const { id, session } = store.create(user, "tok", 60_000);
    expect(store.get(id, 60_000)).toBe(session);
    expect(JSON.stringify([...(store as unknown as { sessions: Map<string, unknown> }).sessions.keys()])).not.toContain(
      id,
    );
    expect(store.get(id + "x", 60_000)).toBeUndefined();
    expect(store.get(undefined, 60_000)).toBeUndefined();
  });

  it("ends a session at its absolute lifetime even when used all along", () => {
    let now = 0;
    const store = new SessionStore(() => now);
    const { id } = store.create(user, "tok", 10_000);
    for (now = 1000; now < 10_000; now += 1000) expect(store.get(id, 5000)).toBeDefined();
    now = 10_000;
    expect(store.get(id, 5000)).toBeUndefined();
  });

  it("ends a session left idle longer than the idle timeout", () => {
    let now = 0;
    const store = new SessionStore(() => now);
    const { id } = store.create(user, "tok", 3600_000);
    now = 4999;
    expect(store.get(id, 5000)).toBeDefined();
    now = 4999 + 5000;
    expect(store.get(id, 5000)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("sign-out deletes; each session has its own anti-CSRF token", () => {
    const store = new SessionStore();
    const a = store.create(user, "t1", 60_000);
    const b = store.create(user, "t2", 60_000);
    expect(a.session.csrf).not.toBe(b.session.csrf);
    store.delete(a.id);
    expect(store.get(a.id, 60_000)).toBeUndefined();
    expect(store.get(b.id, 60_000)).toBeDefined();
  });

  it("compares secrets of any length without throwing", () => {
    expect(secretEquals("abc", "abc")).toBe(true);
    expect(secretEquals("abc", "abd")).toBe(false);
    expect(secretEquals("abc", "abcd")).toBe(false);
  });
});
