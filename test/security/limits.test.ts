import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { KINDS, NS, useConsole } from "./harness";

// Caps on sessions and streams per user (the sign-in throttle: signin-flood.test.ts).
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
