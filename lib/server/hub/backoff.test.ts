import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

const opts = { baseMs: 500, maxMs: 30_000 };

describe("backoffDelay", () => {
  it("doubles per attempt between half and the full step", () => {
    expect(backoffDelay(0, opts, () => 0)).toBe(250);
    expect(backoffDelay(0, opts, () => 1)).toBe(500);
    expect(backoffDelay(3, opts, () => 0)).toBe(2000);
    expect(backoffDelay(3, opts, () => 1)).toBe(4000);
  });
  it("never exceeds the cap, however many attempts failed", () => {
    expect(backoffDelay(50, opts, () => 1)).toBe(30_000);
    expect(backoffDelay(50, opts, () => 0)).toBe(15_000);
  });
  it("spreads retries of different scopes apart (jitter)", () => {
    expect(backoffDelay(2, opts, () => 0.1)).not.toBe(backoffDelay(2, opts, () => 0.9));
  });
});
