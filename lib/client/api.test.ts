import { describe, expect, it } from "vitest";
import { isWriteFailure, isWriteOutcome } from "./api";

describe("the write contract as the browser reads it", () => {
  it("takes a body with a known kind as an outcome, refusals included, and nothing else", () => {
    expect(isWriteOutcome({ kind: "saved", request: {}, object: {}, kept: [] })).toBe(true);
    expect(isWriteOutcome({ kind: "stale", code: 409, reason: "Conflict", message: "m" })).toBe(true);
    // a gate's refusal (401, 403 CSRF, 413) is a plain Status: an error, not an outcome
    expect(isWriteOutcome({ code: 403, reason: "Forbidden", message: "m" })).toBe(false);
    expect(isWriteOutcome({ kind: "toString" })).toBe(false);
    expect(isWriteOutcome("<html>proxy error</html>")).toBe(false);
  });

  it("tells a refusal from an answer by its Status code", () => {
    expect(isWriteFailure({ kind: "denied", code: 403, reason: "Forbidden", message: "m" })).toBe(true);
    expect(isWriteFailure({ kind: "no-changes", message: "m" })).toBe(false);
  });
});
