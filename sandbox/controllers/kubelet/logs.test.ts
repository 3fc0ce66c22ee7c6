import { describe, expect, it } from "vitest";
import {
  finished,
  firstLineFrom,
  lineAt,
  lineCount,
  nextLineTime,
  periodOf,
  renderLine,
  rfc3339NanoFixed,
  type RunLog,
} from "./logs";

const T0 = Date.parse("2026-01-01T00:00:00Z");
const run = (o: Partial<RunLog> = {}): RunLog => ({
  id: "0a1b2c3d4e5f6071",
  namespace: "shop",
  pod: "cart-x",
  container: "app",
  image: "registry.example.com/shop/cart:1.5.0",
  since: T0,
  crashed: false,
  periodMs: 2000,
  ...o,
});
const texts = (r: RunLog, now: number) => Array.from({ length: lineCount(r, now) }, (_, i) => lineAt(r, i).text);

describe("a fake container's log", () => {
  it("a running container writes its start-up lines when it starts, then one line per period", () => {
    const r = run();
    expect(lineCount(r, T0 - 1)).toBe(0);
    expect(texts(r, T0)).toEqual([
      "INFO starting cart 1.5.0 container=app id=0a1b2c3d4e5f6071",
      "INFO loaded configuration from /etc/app/config.yaml",
      "INFO listening on 0.0.0.0:8080",
      "INFO ready to serve requests",
    ]);
    expect(lineCount(r, T0 + 1999)).toBe(4);
    expect(lineCount(r, T0 + 2000)).toBe(5);
    expect(lineCount(r, T0 + 10_000)).toBe(9);
    expect(lineAt(r, 4).time).toBe(T0 + 2000);
    expect(finished(r, T0 + 3_600_000)).toBe(false);
  });

  it("a crashing container's last lines say why, on stderr, at its exit, and nothing follows", () => {
    const r = run({ crashed: true, end: T0 + 3000 });
    const before = texts(r, T0 + 2999);
    expect(before).toHaveLength(4); // three start-up lines and one periodic line
    expect(before.join("\n")).not.toMatch(/ERROR|FATAL/);
    const all = texts(r, T0 + 60_000);
    expect(all).toHaveLength(6);
    expect(all[2]).toBe("INFO connecting to database app-db.shop.svc:5432");
    expect(all.slice(-2)).toEqual([
      "ERROR dial tcp 10.96.0.12:5432: connect: connection refused (app-db.shop.svc:5432)",
      "FATAL cannot start without its database, exiting with code 1",
    ]);
    expect(lineAt(r, 5)).toMatchObject({ stderr: true, time: T0 + 3000 });
    expect(finished(r, T0 + 3000)).toBe(true);
    expect(nextLineTime(r, 6)).toBeUndefined();
  });

  it("a stopped container (an in-place update) says it shut down", () => {
    const r = run({ end: T0 + 5000 });
    expect(texts(r, T0 + 5000).slice(-2)).toEqual(["INFO received SIGTERM, shutting down", "INFO shutdown complete"]);
    expect(lineCount(r, T0 + 5000)).toBe(4 + 2 + 2);
  });

  it("a follower learns when the next line comes", () => {
    const r = run({ end: T0 + 5000 });
    expect(nextLineTime(r, 0)).toBe(T0);
    expect(nextLineTime(r, 4)).toBe(T0 + 2000);
    expect(nextLineTime(r, 6)).toBe(T0 + 5000);
  });

  it("the same run reads the same lines every time, and another run other lines", () => {
    const a = texts(run(), T0 + 60_000);
    expect(texts(run(), T0 + 60_000)).toEqual(a);
    expect(texts(run({ id: "ffff000011112222" }), T0 + 60_000).slice(4)).not.toEqual(a.slice(4));
  });

  it("the first line at or after a time (sinceSeconds)", () => {
    const r = run();
    expect(firstLineFrom(r, T0, T0 + 10_000)).toBe(0);
    expect(firstLineFrom(r, T0 + 1, T0 + 10_000)).toBe(4);
    expect(firstLineFrom(r, T0 + 4001, T0 + 10_000)).toBe(6);
    expect(firstLineFrom(r, T0 + 20_000, T0 + 10_000)).toBe(9);
  });

  it("SANDBOX_LOG_RATE sets lines per second, bounded; anything else is one line every 2 s", () => {
    expect(periodOf(undefined)).toBe(2000);
    expect(periodOf([{ name: "SANDBOX_LOG_RATE", value: "100" }])).toBe(10);
    expect(periodOf([{ name: "SANDBOX_LOG_RATE", value: "1e9" }])).toBe(0.01);
    expect(periodOf([{ name: "SANDBOX_LOG_RATE", value: "fast" }])).toBe(2000);
    expect(periodOf([{ name: "SANDBOX_LOG_RATE", value: "-3" }])).toBe(2000);
  });

  it("timestamps are RFC 3339 with nine fraction digits, as the kubelet writes them", () => {
    expect(rfc3339NanoFixed(T0)).toBe("2026-01-01T00:00:00.000000000Z");
    expect(rfc3339NanoFixed(T0 + 1234.5)).toBe("2026-01-01T00:00:01.234500000Z");
    expect(renderLine({ time: T0, stderr: false, text: "x" }, true)).toBe("2026-01-01T00:00:00.000000000Z x\n");
    expect(renderLine({ time: T0, stderr: false, text: "x" }, false)).toBe("x\n");
  });
});
