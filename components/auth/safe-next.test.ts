import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("after sign-in the console only returns to its own pages", () => {
  it("keeps a same-site path with its query", () => {
    expect(safeNext("/c/kind/clonesets?ns=shop")).toBe("/c/kind/clonesets?ns=shop");
  });
  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "c/x",
    "/a\nb",
    "/signin?next=/x",
    "",
  ])("refuses %j and goes home instead", (next) => {
    expect(safeNext(next)).toBe("/");
  });
  it("takes the first of repeated next parameters", () => {
    expect(safeNext(["/c/a/clonesets", "//evil"])).toBe("/c/a/clonesets");
  });
});
