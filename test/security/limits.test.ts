import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { KINDS, NS, STAMP, useConsole } from "./harness";

// Limits that hold behind an ingress: sign-in throttling keyed by the claimed identity plus the client
// (the client's address from X-Forwarded-For only when the peer is a trusted proxy), a global ceiling,
// and caps on sessions and streams per user.
const INGRESS = "10.77.0.1";

/** A browser behind the ingress: the TCP peer is the ingress, X-Forwarded-For names the client. */
const behindIngress = (client: string) =>
  new ScriptedBrowser({
    "x-kruise-console-stamp": STAMP,
    "x-kruise-console-peer": INGRESS,
    "x-forwarded-for": client,
  });

describe.each(KINDS)("sign-in throttling behind one ingress (%s)", (kind) => {
  const con = useConsole(kind, {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_TRUSTED_PROXIES: INGRESS,
    KRUISE_CONSOLE_SIGNIN_FAILURES: "5",
    KRUISE_CONSOLE_SIGNIN_GLOBAL_FAILURES: "30",
  });
  const net = kind === "sandbox" ? "198.51.100" : "203.0.113";
  // each kind is a fresh console (useConsole builds a runtime per describe): its throttle starts empty

  it("a guesser is held back; other people behind the same ingress still sign in, and their success frees nobody else", async () => {
    const guesser = behindIngress(`${net}.66`);
    for (let i = 0; i < 5; i++) expect((await guesser.signIn("stolen-looking-token")).status).toBe(401);
    const held = await guesser.signIn("stolen-looking-token");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await held.json()).message).toMatch(
      /too many failed sign-ins with this token from your address: try again in \d+ s/,
    );

    const colleague = behindIngress(`${net}.7`);
    expect((await colleague.signIn(con.c.tokens.viewer)).status).toBe(200);
    expect((await guesser.signIn("stolen-looking-token")).status).toBe(429);
    // a client-written X-Forwarded-For entry left of the ingress's own is not believed
    const spoofing = behindIngress(`${net}.1, ${net}.66`);
    expect((await spoofing.signIn("stolen-looking-token")).status).toBe(429);
  });

  it("a spray of different guesses meets the global ceiling; people whose token worked recently still get in", async () => {
    const regular = behindIngress(`${net}.8`);
    expect((await regular.signIn(con.c.tokens.deployer)).status).toBe(200);
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++)
      last = (await behindIngress(`${net}.${100 + i}`).signIn(`spray-${i}`)).status;
    expect(last).toBe(429);
    const newcomer = await behindIngress(`${net}.9`).signIn(con.c.tokens.viewer);
    expect(newcomer.status).toBe(429);
    expect((await newcomer.json()).message).toMatch(/too many failed sign-ins to this console right now/);
    expect((await behindIngress(`${net}.8`).signIn(con.c.tokens.deployer)).status).toBe(200);
  });
});

describe.each(KINDS)("sessions and streams per user (%s)", (kind) => {
  const con = useConsole(kind, {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_MAX_SESSIONS_PER_USER: "2",
    KRUISE_CONSOLE_MAX_STREAMS: "12",
    KRUISE_CONSOLE_MAX_STREAMS_PER_USER: "3",
  });

  it("signing in a third time ends the user's oldest session", async () => {
    const [a, b, c] = [new ScriptedBrowser(), new ScriptedBrowser(), new ScriptedBrowser()];
    for (const x of [a, b, c]) expect((await x.signIn(con.c.tokens.viewer)).status).toBe(200);
    expect((await a.access("admin", NS, "web")).status).toBe(401);
    expect((await b.access("admin", NS, "web")).status).toBe(200);
    expect((await c.access("admin", NS, "web")).status).toBe(200);
    const other = new ScriptedBrowser();
    expect((await other.signIn(con.c.tokens.deployer)).status).toBe(200);
    expect((await c.access("admin", NS, "web")).status).toBe(200); // another user's sign-in ends none of viewer's
  });

  it("streams count per user across sessions, so signing in again does not lift the cap", async () => {
    const ctl = new AbortController();
    try {
      const [a, b] = [new ScriptedBrowser(), new ScriptedBrowser()];
      await a.signIn(con.c.tokens["shop-reader"]);
      await b.signIn(con.c.tokens["shop-reader"]);
      const open = (x: ScriptedBrowser) => x.stream("admin", `r=pods&ns=${NS}`, { signal: ctl.signal });
      for (const x of [a, a, b]) expect((await open(x)).status).toBe(200);
      const refused = await open(b);
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/too many open streams for user shop-reader \(3\)/);
      const someoneElse = new ScriptedBrowser();
      await someoneElse.signIn(con.c.tokens["payments-reader"]);
      expect((await open(someoneElse)).status).toBe(200);
    } finally {
      ctl.abort();
    }
  });
});
