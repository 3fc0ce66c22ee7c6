import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { assertCsrf, resolveCaller, SESSION_COOKIE } from "./caller";
import { sessionStore } from "./sessions";

const saved = { ...process.env };
const STAMP = "stamp-secret";
beforeEach(() => {
  for (const k of Object.keys(process.env)) if (k.startsWith("KRUISE_CONSOLE_")) delete process.env[k];
  process.env.KRUISE_CONSOLE_STAMP = STAMP;
});
afterEach(() => {
  process.env = { ...saved };
});

const h = (o: Record<string, string>) => new Headers(o);
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof HttpError) return e.body.code;
    throw e;
  }
  return 200;
};
const stamped = (peer: string, more: Record<string, string> = {}) =>
  h({ host: "console.example", "x-kruise-console-stamp": STAMP, "x-kruise-console-peer": peer, ...more });

describe("local mode", () => {
  it("serves loopback hosts only (a rebinding DNS name or a LAN host is refused)", () => {
    expect(resolveCaller(h({ host: "127.0.0.1:3000" })).mode).toBe("local");
    expect(resolveCaller(h({ host: "localhost:3000" })).mode).toBe("local");
    expect(code(() => resolveCaller(h({ host: "attacker.example:3000" })))).toBe(403);
    expect(code(() => resolveCaller(stamped("10.1.2.3", { host: "127.0.0.1:3000" })))).toBe(403);
  });
});

describe("token mode", () => {
  beforeEach(() => {
    process.env.KRUISE_CONSOLE_MODE = "token";
  });
  it("needs a live session cookie", () => {
    expect(code(() => resolveCaller(h({ host: "c.example" })))).toBe(401);
    expect(code(() => resolveCaller(h({ host: "c.example", cookie: `${SESSION_COOKIE}=forged` })))).toBe(401);
    const { id } = sessionStore().create({ name: "alice", groups: ["dev"] }, "tok", 60_000);
    const c = resolveCaller(h({ host: "c.example", cookie: `theme=dark; ${SESSION_COOKIE}=${id}` }));
    expect(c.user).toEqual({ name: "alice", groups: ["dev"] });
  });
  it("mutations must echo the session's anti-CSRF token", () => {
    const { id, session } = sessionStore().create({ name: "alice", groups: [] }, "tok", 60_000);
    const c = resolveCaller(h({ cookie: `${SESSION_COOKIE}=${id}` }));
    expect(code(() => assertCsrf(h({}), c))).toBe(403);
    expect(code(() => assertCsrf(h({ "x-csrf-token": "guess" }), c))).toBe(403);
    expect(code(() => assertCsrf(h({ "x-csrf-token": session.csrf }), c))).toBe(200);
  });
});

describe("proxy mode", () => {
  beforeEach(() => {
    process.env.KRUISE_CONSOLE_MODE = "proxy";
    process.env.KRUISE_CONSOLE_PROXY_ADDRESSES = "10.0.0.5";
  });
  it("trusts identity headers only from the configured proxy, stamped by our own server", () => {
    const id = { "x-remote-user": "alice", "x-remote-group": "dev, ops" };
    expect(resolveCaller(stamped("10.0.0.5", id)).user).toEqual({ name: "alice", groups: ["dev", "ops"] });
    expect(resolveCaller(stamped("::ffff:10.0.0.5", id)).user.name).toBe("alice");
    expect(code(() => resolveCaller(stamped("10.0.0.9", id)))).toBe(401);
    expect(
      code(() =>
        resolveCaller(
          h({ host: "c", "x-kruise-console-stamp": "guessed", "x-kruise-console-peer": "10.0.0.5", ...id }),
        ),
      ),
    ).toBe(401);
    expect(code(() => resolveCaller(h({ host: "c", "x-kruise-console-peer": "10.0.0.5", ...id })))).toBe(401);
    expect(code(() => resolveCaller(stamped("10.0.0.5")))).toBe(401);
  });
  it("gives each identity its own anti-CSRF token", () => {
    const a = resolveCaller(stamped("10.0.0.5", { "x-remote-user": "alice" }));
    const b = resolveCaller(stamped("10.0.0.5", { "x-remote-user": "bob" }));
    expect(a.csrf).not.toBe(b.csrf);
    expect(resolveCaller(stamped("10.0.0.5", { "x-remote-user": "alice" })).csrf).toBe(a.csrf);
  });
});
