import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { KINDS, NS, STAMP, useConsole } from "./harness";

// Login CSRF: a cookie someone else chose must never make a browser act as them. The session cookie is
// `__Host-` prefixed, so a browser accepts it only from this origin, Secure, Path=/ and without Domain: a
// sibling subdomain or a man in the middle of plain http cannot plant it. The console reads that name only,
// and a request carrying it twice (which no browser does for a `__Host-` name) is believed for neither.
const COOKIE = "__Host-kruise_console_session";

describe.each(KINDS)("the session cookie (%s)", (kind) => {
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "token", KRUISE_CONSOLE_TRUSTED_PROXIES: "10.9.0.1" });

  /** the attacker's own session id (the value a planted cookie would carry) */
  const attackerId = async () => {
    const attacker = new ScriptedBrowser();
    expect((await attacker.signIn(con.c.tokens.deployer)).status).toBe(200);
    return attacker.cookie!.split("=")[1];
  };

  it("is __Host- prefixed: Secure, Path=/, no Domain, HttpOnly, SameSite=Strict, even on http://127.0.0.1", async () => {
    const res = await new ScriptedBrowser().signIn(con.c.tokens.viewer);
    expect(res.status).toBe(200);
    const set = res.headers.get("set-cookie")!;
    expect(set.split("; ")[0]).toMatch(new RegExp(`^${COOKIE}=[\\w-]{40,}$`));
    expect(set.split("; ").slice(1, -1)).toEqual(["Path=/", "Secure", "HttpOnly", "SameSite=Strict"]);
    expect(set).not.toMatch(/Domain=/i);
  });

  it("a planted cookie without the prefix (a sibling subdomain's Domain cookie) is not a session, and signing in carries nothing of it over", async () => {
    const planted = await attackerId();
    const victim = new ScriptedBrowser();
    victim.cookie = `kruise_console_session=${planted}`;
    expect((await victim.session()).status).toBe(401);
    expect((await victim.access("admin", NS, "web")).status).toBe(401);
    expect((await victim.signIn(con.c.tokens.viewer)).status).toBe(200);
    const s = await (await victim.session()).json();
    expect(s.clusters.map((c: { user: { name: string } }) => c.user.name)).toEqual(["viewer"]);
  });

  it("two session cookies in one request (one planted beside the victim's) are believed for neither", async () => {
    const planted = await attackerId();
    const victim = new ScriptedBrowser();
    await victim.signIn(con.c.tokens.viewer);
    const own = victim.cookie!;
    for (const cookie of [`${COOKIE}=${planted}; ${own}`, `${own}; ${COOKIE}=${planted}`]) {
      victim.cookie = cookie;
      const res = await victim.session();
      expect(res.status).toBe(401);
      expect(JSON.stringify(await res.json())).not.toContain("deployer");
    }
    victim.cookie = own;
    expect(await (await victim.session()).json()).toMatchObject({ signedIn: true, user: { name: "viewer" } });
  });

  it("sign-in over plain http to a non-loopback host is refused, saying why; behind a trusted TLS ingress it works", async () => {
    const lan = new ScriptedBrowser({ host: "console.example:3000" });
    const res = await lan.signIn(con.c.tokens.viewer);
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await res.json()).message).toMatch(/^sign-in needs https: the session cookie is Secure/);
    const ingress = new ScriptedBrowser({
      host: "console.example",
      "x-kruise-console-stamp": STAMP,
      "x-kruise-console-peer": "10.9.0.1",
      "x-kruise-console-tls": "1",
    });
    expect((await ingress.signIn(con.c.tokens.viewer)).status).toBe(200);
  });
});
