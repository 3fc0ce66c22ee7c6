import { describe, expect, it } from "vitest";
import { LineSplitter, lineLevel, shortTime, splitTimestamp } from "./lines";
import { MAX_LINE_CHARS } from "./ring";

describe("a log's text as lines", () => {
  it("joins lines split across chunks and keeps the unfinished end for the next chunk", () => {
    const s = new LineSplitter();
    expect(s.feed("INFO one\nINFO t")).toEqual(["INFO one"]);
    expect(s.feed("wo\r\nINFO three")).toEqual(["INFO two"]);
    expect(s.feed("")).toEqual([]);
    expect(s.flush()).toEqual(["INFO three"]);
    expect(s.flush()).toEqual([]);
  });

  it("a log without newlines is cut into lines of the kubelet's maximum, not kept growing", () => {
    const s = new LineSplitter();
    const out = s.feed("z".repeat(MAX_LINE_CHARS * 2 + 10));
    expect(out.map((l) => l.length)).toEqual([MAX_LINE_CHARS, MAX_LINE_CHARS]);
    expect(s.flush()).toEqual(["z".repeat(10)]);
  });

  it("reads the kubelet's timestamp off the front of a line", () => {
    expect(splitTimestamp("2026-01-01T10:04:05.123456789Z INFO ready")).toEqual({
      time: "2026-01-01T10:04:05.123456789Z",
      text: "INFO ready",
    });
    expect(splitTimestamp("INFO 2026-01-01T10:04:05Z inside")).toEqual({ text: "INFO 2026-01-01T10:04:05Z inside" });
    expect(shortTime("2026-01-01T10:04:05.123456789Z")).toBe("10:04:05.123");
    expect(shortTime("2026-01-01T10:04:05Z")).toBe("10:04:05.000");
  });

  it("tells errors and warnings by their level words", () => {
    expect(lineLevel("FATAL cannot start without its database")).toBe("error");
    expect(lineLevel('time=x level=error msg="boom"')).toBe("error");
    expect(lineLevel("WARN slow request")).toBe("warn");
    expect(lineLevel("INFO GET /healthz 200")).toBeUndefined();
    expect(lineLevel("errors=0 handled")).toBeUndefined();
  });
});
