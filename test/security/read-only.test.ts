import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { baseOf, NS, unique, useConsole } from "./harness";

// Read-only mode: the write routes refuse whatever the user's RBAC (here: the admin's kubeconfig).
describe("read-only mode (sandbox, local mode as admin)", () => {
  const con = useConsole("sandbox", { KRUISE_CONSOLE_MODE: "local", KRUISE_CONSOLE_READ_ONLY: "1" });

  it("refuses every write with 403 and says why; the object is untouched and the attempt is audited", async () => {
    const name = unique("ro");
    const cs = await con.createCloneSet(name);
    const b = new ScriptedBrowser();
    const session = await (await b.session()).json();
    expect(session).toMatchObject({ mode: "local", readOnly: true });
    b.csrf = session.csrf;
    for (const res of [
      await b.rollout("admin", NS, name, { action: "partition", base: baseOf(cs), value: 1 }),
      await b.edit("admin", NS, "clonesets", name, { base: cs, mine: { ...cs, spec: { ...cs.spec, replicas: 9 } } }),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).message).toMatch(/read-only mode/);
    }
    const after = await con.get(name);
    expect(after.metadata.resourceVersion).toBe(cs.metadata.resourceVersion);
    expect(con.audit.at(-1)).toMatchObject({
      mode: "local",
      object: { name },
      result: { code: 403, reason: "Forbidden" },
    });
  });

  it("tells the page ahead of time that nobody may patch", async () => {
    const name = unique("ro-access");
    await con.createCloneSet(name);
    const body = await (await new ScriptedBrowser().access("admin", NS, name)).json();
    expect(body).toEqual({ allowed: false, reason: "this console runs in read-only mode" });
  });
});

describe("local mode", () => {
  const con = useConsole("sandbox", { KRUISE_CONSOLE_MODE: "local" });
  it("names the kubeconfig's user in the audit line of a write refused as too large (413)", async () => {
    const b = new ScriptedBrowser();
    b.csrf = (await (await b.session()).json()).csrf;
    const huge = JSON.stringify({ action: "pause", base: { generation: 1 }, pad: "x".repeat(1024 * 1024) });
    expect((await b.rollout("admin", NS, "web", huge)).status).toBe(413);
    const line = con.audit.at(-1) as { user: string | null; result: { code: number } };
    expect(line.result.code).toBe(413);
    const kc = con.c.kubeConfig();
    kc.setCurrentContext("admin");
    expect(line.user).toBe(kc.getCurrentUser()?.name);
  });
  it("answers only requests addressed to a loopback host (DNS rebinding gets 403)", async () => {
    expect((await new ScriptedBrowser({ host: "127.0.0.1:3000" }).clusters()).status).toBe(200);
    const res = await new ScriptedBrowser({ host: "rebind.attacker.example:3000" }).clusters();
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/local mode serves loopback only.*--mode token or --mode proxy/);
  });
});
