import { describe, expect, it } from "vitest";
import { afterSettled } from "./useTypedText";

describe("a filter typed faster than the URL follows", () => {
  it("keeps the typed text while the URL passes through earlier keys", () => {
    const typed = { value: "abc", sent: ["a", "ab", "abc"] };
    expect(afterSettled(typed, "a")).toEqual({ value: "abc", sent: ["ab", "abc"] });
    expect(afterSettled({ value: "abc", sent: ["ab", "abc"] }, "abc")).toBeNull();
  });

  it("gives way to a URL that moved on its own (back, clear filters)", () => {
    expect(afterSettled({ value: "abc", sent: ["ab", "abc"] }, "")).toBeNull();
    expect(afterSettled({ value: "abc", sent: ["abc"] }, "zzz")).toBeNull();
  });

  it("does not mistake a clear for a key already settled: a value counts once, in order", () => {
    // typed "a", deleted it, typed "abc"; the URL settled "a" and "" on the way: a later "" is a clear.
    let t = afterSettled({ value: "abc", sent: ["a", "", "a", "ab", "abc"] }, "a")!;
    t = afterSettled(t, "")!;
    expect(t).toEqual({ value: "abc", sent: ["a", "ab", "abc"] });
    expect(afterSettled(t, "")).toBeNull();
  });
});
