import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { readConsoleConfig } from "./config";

describe("console configuration from the environment", () => {
  it("defaults to local mode, writable, a 10 s access cache", () => {
    const c = readConsoleConfig({});
    expect(c).toMatchObject({ mode: "local", readOnly: false, accessCacheMs: 10_000, maxStreamsPerSession: 12 });
    expect(c.proxy).toMatchObject({
      userHeader: "x-remote-user",
      groupHeader: "x-remote-group",
      addresses: [],
      refuseGroups: ["system:masters"],
    });
  });

  it("reads every setting", () => {
    const c = readConsoleConfig({
      KRUISE_CONSOLE_MODE: "proxy",
      KRUISE_CONSOLE_PROXY_ADDRESSES: "10.0.0.5, 10.0.0.6",
      KRUISE_CONSOLE_READ_ONLY: "true",
      KRUISE_CONSOLE_ACCESS_CACHE_SECONDS: "3",
      KRUISE_CONSOLE_PROXY_USER_HEADER: "X-Forwarded-User",
      KRUISE_CONSOLE_AUDIT_LOG: "/tmp/a.log",
      KRUISE_CONSOLE_PROXY_REFUSE_GROUPS: "ops, team-*",
    });
    expect(c).toMatchObject({ mode: "proxy", readOnly: true, accessCacheMs: 3000, auditLog: "/tmp/a.log" });
    expect(c.proxy).toMatchObject({
      addresses: ["10.0.0.5", "10.0.0.6"],
      userHeader: "x-forwarded-user",
      refuseGroups: ["system:masters", "ops", "team-*"],
    });
    expect(readConsoleConfig({ KRUISE_CONSOLE_PROXY_ALLOW_MASTERS: "1" }).proxy.refuseGroups).toEqual([]);
  });

  it("reads the hub's limits and the unauthenticated audit rate, and leaves a bad value at its default", () => {
    expect(readConsoleConfig({})).toMatchObject({ watches: {}, auditAnonPerMinute: 60 });
    const c = readConsoleConfig({
      KRUISE_CONSOLE_WATCH_IDLE_SECONDS: "600",
      KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER: "6",
      KRUISE_CONSOLE_MAX_WATCHES: "lots",
      KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE: "0",
    });
    expect(c.watches).toEqual({ idleStopMs: 600_000, maxScopesPerCluster: 6 });
    expect(c.auditAnonPerMinute).toBe(0);
  });

  it("refuses what it cannot honour, saying what to set", () => {
    expect(() => readConsoleConfig({ KRUISE_CONSOLE_MODE: "open" })).toThrow(/expected one of local, token, proxy/);
    expect(() => readConsoleConfig({ KRUISE_CONSOLE_SESSION_HOURS: "soon" })).toThrow(/KRUISE_CONSOLE_SESSION_HOURS/);
  });
});
