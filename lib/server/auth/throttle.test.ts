import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { SignInThrottle, type ThrottleLimits } from "./throttle";

function throttle(limits: Partial<ThrottleLimits>) {
  const c = { t: 0 };
  const all: ThrottleLimits = { perAddress: 100, perUser: 100, global: 100, windowMs: 60_000, slowdownMs: 1000 };
  const t = new SignInThrottle(
    () => ({ ...all, ...limits }),
    () => c.t,
  );
  return { t, c };
}

describe("sign-in throttle", () => {
  it("holds an address back after its failures until the oldest leaves the window; other addresses go on", () => {
    const { t, c } = throttle({ perAddress: 3 });
    for (let i = 0; i < 3; i++) {
      expect(t.addressWait("198.51.100.7")).toBe(0);
      t.fail("198.51.100.7");
      c.t += 1000;
    }
    expect(t.addressWait("198.51.100.7")).toBe(57);
    expect(t.addressWait("203.0.113.9")).toBe(0);
    c.t = 60_001;
    expect(t.addressWait("198.51.100.7")).toBe(0);
  });

  it("past the global ceiling every sign-in is slowed, never refused, and only while the failures are recent", () => {
    const { t, c } = throttle({ global: 5, slowdownMs: 1500 });
    for (let i = 0; i < 4; i++) t.fail(`198.51.100.${i}`);
    expect(t.slowdown()).toBe(0);
    t.fail("198.51.100.99");
    expect(t.slowdown()).toBe(1500);
    expect(t.addressWait("203.0.113.9")).toBe(0); // a newcomer is answered (later), not held back
    c.t = 60_000;
    expect(t.slowdown()).toBe(0);
  });

  it("limits sign-ins per verified user, which no one else can spend", () => {
    const { t } = throttle({ perUser: 2 });
    expect(t.admitUser('["dev","alice"]')).toBe(0);
    expect(t.admitUser('["dev","alice"]')).toBe(0);
    expect(t.admitUser('["dev","alice"]')).toBe(60);
    expect(t.admitUser('["prod","alice"]')).toBe(0);
    expect(t.admitUser('["dev","bob"]')).toBe(0);
  });

  it("stays bounded under a flood of addresses", () => {
    const { t } = throttle({ perAddress: 1, global: 1_000_000 });
    for (let i = 0; i < 20_000; i++) t.fail(`a${i}`);
    expect((t as unknown as { failures: Map<string, number[]> }).failures.size).toBeLessThanOrEqual(10_000);
    expect(t.addressWait("a19999")).toBeGreaterThan(0);
  });
});
