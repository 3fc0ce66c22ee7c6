import { describe, expect, it } from "vitest";
import { highlightParts, matches, matchRanges } from "./search";

describe("searching a log", () => {
  it("finds every occurrence, ignoring case, as plain text", () => {
    expect(matchRanges("Error: error ERROR", "error")).toEqual([
      [0, 5],
      [7, 12],
      [13, 18],
    ]);
    expect(matchRanges("a[error](b)", "[error](")).toEqual([[1, 9]]);
    expect(matchRanges("anything", "")).toEqual([]);
    expect(matches("FATAL exit", "fatal")).toBe(true);
    expect(matches("INFO ready", "fatal")).toBe(false);
  });

  it("cuts a line into plain and matching parts for highlighting", () => {
    expect(highlightParts("INFO GET /api 200", "get")).toEqual([
      { text: "INFO ", match: false },
      { text: "GET", match: true },
      { text: " /api 200", match: false },
    ]);
    expect(highlightParts("", "x")).toEqual([{ text: "", match: false }]);
  });

  it("a character whose lower case is longer is matched as typed, with positions that still fit", () => {
    const text = "İstanbul error";
    expect(matchRanges(text, "error")).toEqual([[9, 14]]);
    expect(text.slice(9, 14)).toBe("error");
  });
});
