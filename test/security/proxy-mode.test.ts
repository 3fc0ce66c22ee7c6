import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { baseOf, KINDS, NS, STAMP, unique, useConsole } from "./harness";

const PROXY = "10.0.0.5";
/** A request as the auth proxy forwards it: stamped by our server with the proxy's address, identity in headers. */
const viaProxy = (user: string, groups?: string, peer = PROXY) =>
  new ScriptedBrowser({
    "x-kruise-console-stamp": STAMP,
    "x-kruise-console-peer": peer,
    "x-remote-user": user,
    ...(groups ? { "x-remote-group": groups } : {}),
  });
async function signedIn(b: ScriptedBrowser): Promise<ScriptedBrowser> {
  b.csrf = (await (await b.session()).json()).csrf;
  return b;
}

// Proxy mode: identity from a trusted auth proxy, every action through impersonation.
describe.each(KINDS)("proxy mode (%s)", (kind) => {
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "proxy", KRUISE_CONSOLE_PROXY_ADDRESSES: PROXY });

  it("identity headers from anyone but the configured proxy are refused", async () => {
    for (const b of [
      viaProxy("admin", "system:masters", "10.9.9.9"),
      new ScriptedBrowser({ "x-remote-user": "admin", "x-kruise-console-peer": PROXY }),
      new ScriptedBrowser({
        "x-kruise-console-stamp": "guess",
        "x-kruise-console-peer": PROXY,
        "x-remote-user": "admin",
      }),
    ]) {
      const res = await b.clusters();
      expect(res.status).toBe(401);
    }
    expect((await viaProxy("viewer").clusters()).status).toBe(200);
  });

  it("a write is made as the proxied user by impersonation: the cluster's RBAC decides and managedFields name them", async () => {
    const name = unique("proxy-write");
    const cs = await con.createCloneSet(name);
    const viewer = await signedIn(viaProxy("viewer"));
    expect(await (await viewer.access("admin", NS, name)).json()).toMatchObject({ patch: { allowed: false } });
    const denied = await viewer.rollout("admin", NS, name, { action: "partition", base: baseOf(cs), value: 3 });
    expect(denied.status).toBe(403);
    expect((await denied.json()).message).toMatch(
      /^you may not patch clonesets\.apps\.kruise\.io in shop \(Kubernetes: .*"viewer"/,
    );

    const deployer = await signedIn(viaProxy("deployer"));
    const ok = await deployer.rollout("admin", NS, name, { action: "partition", base: baseOf(cs), value: 3 });
    expect(ok.status).toBe(200);
    const managers = ((await con.get(name)).metadata.managedFields as { manager: string }[]).map((m) => m.manager);
    expect(managers).toContain("kruise-console/deployer");
    expect(con.audit.at(-1)).toMatchObject({ user: "deployer", mode: "proxy", result: { code: 200 } });
  });

  it("every proxied group reaches the cluster as its own Impersonate-Group", async () => {
    const name = unique("proxy-groups");
    const cs = await con.createCloneSet(name);
    // "ghost" has no rights of its own; the second of two groups grants them, so both groups must arrive separately.
    const alone = await signedIn(viaProxy("ghost", "release-managers"));
    expect((await alone.rollout("admin", NS, name, { action: "pause", base: baseOf(cs) })).status).toBe(403);
    const grouped = await signedIn(viaProxy("ghost", "release-managers, system:masters"));
    expect(await (await grouped.access("admin", NS, name)).json()).toMatchObject({ patch: { allowed: true } });
    const res = await grouped.rollout("admin", NS, name, { action: "pause", base: baseOf(cs) });
    expect(res.status).toBe(200);
    expect(con.audit.at(-1)).toMatchObject({
      user: "ghost",
      groups: ["release-managers", "system:masters"],
      result: { code: 200 },
    });
  });

  it("each proxied identity has its own anti-CSRF token; another user's is refused", async () => {
    const name = unique("proxy-csrf");
    const cs = await con.createCloneSet(name);
    const deployer = await signedIn(viaProxy("deployer"));
    const other = await signedIn(viaProxy("viewer"));
    const res = await deployer.rollout("admin", NS, name, { action: "pause", base: baseOf(cs) }, { csrf: other.csrf });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/X-CSRF-Token/);
  });
});
