import { describe, expect, it } from "vitest";
import { skipString, skipValue } from "./json-text";

describe("skipping a JSON value in its text", () => {
  it("ends a string at its closing quote, past escaped quotes and escaped backslashes", () => {
    const text = JSON.stringify({ a: 'say "hi" \\', b: 1 });
    const open = text.indexOf('"', 4);
    expect(text.slice(open, skipString(text, open))).toBe(JSON.stringify('say "hi" \\'));
  });

  it("ends an object or array at its matching close, brackets inside strings not counted", () => {
    const inner = { x: ["]}", { y: '"[{' }], z: null };
    const text = `{"inner":${JSON.stringify(inner)},"next":2}`;
    const at = text.indexOf(":") + 1;
    expect(JSON.parse(text.slice(at, skipValue(text, at)))).toEqual(inner);
  });

  it("ends a scalar at the comma or close after it", () => {
    const text = '{"n":-12.5e3,"t":true}';
    expect(text.slice(5, skipValue(text, 5))).toBe("-12.5e3");
    const t = text.indexOf("true");
    expect(text.slice(t, skipValue(text, t))).toBe("true");
  });

  it("answers -1 when the text ends inside the value", () => {
    expect(skipString('"never closed', 0)).toBe(-1);
    expect(skipValue('[1,{"a":"]"}', 0)).toBe(-1);
  });
});
