import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { SignInThrottle } from "./throttle";

function throttle(perKey: number, global: number) {
  const c = { t: 0 };
  const t = new SignInThrottle(
    () => ({ perKey, global, windowMs: 60_000 }),
    () => c.t,
  );
  return { t, c };
}

describe("failed sign-in throttle", () => {
  it("holds a key back after its failures until the oldest leaves the window; other keys go on", () => {
    const { t, c } = throttle(3, 100);
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter("a")).toBe(0);
      t.fail("a");
      c.t += 1000;
    }
    expect(t.retryAfter("a")).toBe(57);
    expect(t.retryAfter("b")).toBe(0);
    c.t = 60_001;
    expect(t.retryAfter("a")).toBe(0);
  });

  it("a success clears only its own key", () => {
    const { t } = throttle(2, 100);
    for (const k of ["guesser", "guesser", "alice"]) t.fail(k);
    t.succeed("alice");
    expect(t.retryAfter("guesser")).toBeGreaterThan(0);
    expect(t.retryAfter("alice")).toBe(0);
  });

  it("a global ceiling holds back new keys, but not keys that signed in recently", () => {
    const { t, c } = throttle(100, 5);
    t.succeed("alice");
    for (let i = 0; i < 5; i++) t.fail(`guess-${i}`);
    expect(t.globalCeilingReached()).toBe(true);
    expect(t.retryAfter("newcomer")).toBe(60);
    expect(t.retryAfter("alice")).toBe(0);
    c.t = 60_000;
    expect(t.retryAfter("newcomer")).toBe(0);
  });

  it("stays bounded under a flood of keys", () => {
    const { t } = throttle(1, 1_000_000);
    for (let i = 0; i < 20_000; i++) t.fail(`k${i}`);
    expect((t as unknown as { failures: Map<string, number[]> }).failures.size).toBeLessThanOrEqual(10_000);
    expect(t.retryAfter("k19999")).toBeGreaterThan(0);
  });
});
