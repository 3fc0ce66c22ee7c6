import { describe, expect, it } from "vitest";
import { consoleEnv, parseServeArgs, toArgs, UsageError } from "./options";

describe("session store flags", () => {
  it("default to the memory store, and a Redis URL, password file and key file reach the app's environment", () => {
    expect(parseServeArgs([]).sessionStore).toBe("memory");
    const o = parseServeArgs([
      "--mode",
      "token",
      "--session-store",
      "rediss://redis.kruise-console:6380/2",
      "--session-store-password-file",
      "/etc/redis/password",
      "--session-key-file=/etc/keys/session.key",
      "--audit-log",
      "stdout",
    ]);
    expect(consoleEnv(o)).toMatchObject({
      KRUISE_CONSOLE_SESSION_STORE: "rediss://redis.kruise-console:6380/2",
      KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE: "/etc/redis/password",
      KRUISE_CONSOLE_SESSION_KEY_FILE: "/etc/keys/session.key",
      KRUISE_CONSOLE_AUDIT_LOG: "stdout",
    });
    expect(parseServeArgs(toArgs(o))).toEqual(o);
  });

  it("are read from the environment too, a flag winning", () => {
    const env = { KRUISE_CONSOLE_SESSION_STORE: "redis://a:6379", KRUISE_CONSOLE_SESSION_KEY_FILE: "/k" };
    expect(parseServeArgs(["--mode", "token"], env)).toMatchObject({
      sessionStore: "redis://a:6379",
      sessionKeyFile: "/k",
    });
    expect(parseServeArgs(["--mode", "token", "--session-store", "redis://b:6379"], env).sessionStore).toBe(
      "redis://b:6379",
    );
  });

  it("refuse a store that is not memory or redis(s)://, without echoing a password in it", () => {
    const bad = () => parseServeArgs(["--session-store", "http://:hunter2@cache:6379"]);
    expect(bad).toThrow(UsageError);
    expect(bad).toThrow(/expected "memory" or a redis:\/\/host:6379/);
    expect(bad).not.toThrow(/hunter2/);
  });

  it("refuse token mode on Redis without a key file, saying how to make one", () => {
    expect(() => parseServeArgs(["--mode", "token", "--session-store", "redis://cache:6379"])).toThrow(
      /needs --session-key-file <file> \(bearer tokens are encrypted at rest\).*head -c32 \/dev\/urandom/,
    );
    expect(parseServeArgs(["--mode", "proxy", "--session-store", "redis://cache:6379"]).sessionStore).toBe(
      "redis://cache:6379",
    );
  });
});
