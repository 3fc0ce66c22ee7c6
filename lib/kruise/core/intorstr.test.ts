import { describe, expect, it } from "vitest";
import { legacyScaledValue, parseIntOrPercent, scaledValue } from "./intorstr";

describe("Kruise int-or-percent parser (webhook and partition)", () => {
  it("accepts integers and integer or fractional percentages", () => {
    expect(parseIntOrPercent(3)).toEqual({ ok: true, value: 3, isPercent: false });
    expect(parseIntOrPercent("20%")).toEqual({ ok: true, value: 20, isPercent: true });
    expect(parseIntOrPercent("12.5%")).toEqual({ ok: true, value: 12.5, isPercent: true });
  });
  it("rejects a bare numeric string and garbage", () => {
    expect(parseIntOrPercent("5").ok).toBe(false);
    expect(parseIntOrPercent("abc%").ok).toBe(false);
    expect(parseIntOrPercent(undefined).ok).toBe(false);
  });
  it("scales percentages up or down against the total", () => {
    expect(scaledValue("12.5%", 10, true).value).toBe(2);
    expect(scaledValue("12.5%", 10, false).value).toBe(1);
  });
});

describe("legacy parser used by the controller for maxUnavailable/maxSurge (§3.3 gotcha)", () => {
  it('"12.5%" passes validation but evaluates to 0 in the controller', () => {
    const r = legacyScaledValue("12.5%", 10, true);
    expect(r.value).toBe(0);
    expect(r.error).toBeDefined();
  });
  it('a bare "5" would mean 5 percent', () => {
    expect(legacyScaledValue("5", 100, true).value).toBe(5);
    expect(legacyScaledValue("5", 10, true).value).toBe(1);
  });
  it("integers pass through, percentages round as asked", () => {
    expect(legacyScaledValue(2, 10, true).value).toBe(2);
    expect(legacyScaledValue("20%", 22, true).value).toBe(5);
    expect(legacyScaledValue("20%", 22, false).value).toBe(4);
  });
});
