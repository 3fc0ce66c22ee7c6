import { describe, expect, it } from "vitest";
import { LOG_LIMITS, LogParamError, logFileName, logQueryParams, parseLogQuery } from "./params";

const parse = (s: string) => parseLogQuery(new URLSearchParams(s));
const refusal = (s: string) => {
  try {
    parse(s);
  } catch (e) {
    if (e instanceof LogParamError) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error(`${s} was accepted`);
};

describe("a log request's parameters", () => {
  it("reads what the page sends, with false for booleans left out", () => {
    expect(parse("container=app&follow=true&timestamps=1&tailLines=5000")).toEqual({
      container: "app",
      follow: true,
      timestamps: true,
      previous: false,
      download: false,
      tailLines: 5000,
    });
    expect(parse("")).toEqual({ previous: false, follow: false, timestamps: false, download: false });
  });

  it("refuses what is not a container name, naming the parameter and what it must be", () => {
    expect(refusal("container=../etc")).toMatchObject({
      field: "container",
      message: expect.stringMatching(/RFC 1123 label/),
    });
    expect(refusal(`container=${"a".repeat(64)}`).field).toBe("container");
    expect(refusal("container=App").field).toBe("container");
    expect(refusal("container=a&container=b")).toEqual({
      field: "container",
      message: "container is given 2 times: give it once",
    });
  });

  it("numbers are whole, within the console's bounds; booleans are true or false", () => {
    expect(refusal("tailLines=0").message).toBe(
      `tailLines must be a whole number from 1 to ${LOG_LIMITS.tailLines}, not "0"`,
    );
    for (const bad of ["1e3", "-1", "1.5", " 7", "0x10", "100001"])
      expect(refusal(`tailLines=${encodeURIComponent(bad)}`).field).toBe("tailLines");
    expect(parse(`limitBytes=${LOG_LIMITS.limitBytes}`).limitBytes).toBe(LOG_LIMITS.limitBytes);
    expect(refusal(`limitBytes=${LOG_LIMITS.limitBytes + 1}`).field).toBe("limitBytes");
    expect(refusal("sinceSeconds=0").field).toBe("sinceSeconds");
    expect(refusal("previous=yes")).toEqual({
      field: "previous",
      message: 'previous must be true or false, not "yes"',
    });
  });

  it("refuses parameters it does not pass on, and a download that follows", () => {
    expect(refusal("sinceTime=2026-01-01T00:00:00Z").message).toMatch(
      /^unknown parameter "sinceTime": expected any of container, /,
    );
    expect(refusal("download=true&follow=true").field).toBe("follow");
  });

  it("round-trips through the URL builder's parameters and names the downloaded file", () => {
    const q = { container: "app", previous: true, follow: false, timestamps: true, download: true, tailLines: 10 };
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(logQueryParams(q))) if (v) params.set(k, v);
    expect(parseLogQuery(params)).toEqual(q);
    expect(logFileName("cart-7x9", q)).toBe("cart-7x9_app_previous.log");
    expect(logFileName("cart-7x9", { previous: false })).toBe("cart-7x9.log");
  });
});
