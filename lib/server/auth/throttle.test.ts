import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { FailureThrottle } from "./throttle";

describe("failed sign-in throttle", () => {
  it("blocks a client after max failures until the oldest leaves the window", () => {
    let now = 0;
    const t = new FailureThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter("a")).toBe(0);
      t.fail("a");
      now += 1000;
    }
    expect(t.retryAfter("a")).toBe(57);
    expect(t.retryAfter("b")).toBe(0);
    now = 60_001;
    expect(t.retryAfter("a")).toBe(0);
  });
  it("a successful sign-in clears the count", () => {
    const t = new FailureThrottle(2, 60_000, () => 0);
    t.fail("a");
    t.fail("a");
    expect(t.retryAfter("a")).toBeGreaterThan(0);
    t.succeed("a");
    expect(t.retryAfter("a")).toBe(0);
  });
});
