import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { browserKeepsSecureCookie, SESSION_COOKIE, sessionCookie, sessionIdOf } from "./cookie";

const h = (cookie: string) => new Headers({ cookie });

describe("the session cookie", () => {
  it("reads only the __Host- name, and nothing when it appears twice", () => {
    expect(sessionIdOf(h(`theme=dark; ${SESSION_COOKIE}=abc`))).toBe("abc");
    expect(sessionIdOf(h("kruise_console_session=planted"))).toBeUndefined();
    expect(sessionIdOf(h(`${SESSION_COOKIE}=mine; ${SESSION_COOKIE}=planted`))).toBeUndefined();
    expect(sessionIdOf(h(`${SESSION_COOKIE}=`))).toBeUndefined();
    expect(sessionIdOf(new Headers())).toBeUndefined();
  });

  it("is set with what the __Host- prefix requires: Secure, Path=/, no Domain", () => {
    expect(sessionCookie("id", 60)).toBe(`${SESSION_COOKIE}=id; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=60`);
  });

  it("a browser keeps a Secure cookie over TLS, or on a loopback origin without it", () => {
    expect(browserKeepsSecureCookie(true, "console.example")).toBe(true);
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "127.0.0.2"])
      expect(browserKeepsSecureCookie(false, host)).toBe(true);
    for (const host of ["console.example", "10.0.0.5:3000", "127.0.0.1.attacker.example"])
      expect(browserKeepsSecureCookie(false, host)).toBe(false);
  });
});
