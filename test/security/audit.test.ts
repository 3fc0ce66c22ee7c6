import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptedBrowser } from "./browser";
import { NS, useConsole } from "./harness";
import { runtime } from "@/lib/server/runtime";

const REPO = path.resolve(__dirname, "../..");
const LIMIT = 20;

// Audit lines of writes refused without a session are anyone's to cause: they are rate-limited (the
// drop is itself a line), cut to size, and written asynchronously without losing any at exit.
describe("audit of unauthenticated writes", () => {
  const con = useConsole("sandbox", {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE: String(LIMIT),
  });

  it("a flood of refused writes without a session writes a bounded number of lines and says how many it dropped", async () => {
    const anon = new ScriptedBrowser();
    const flood = 200;
    const before = con.audit.length;
    for (let i = 0; i < flood; i++) {
      const res = await anon.rollout("admin", NS, `web-${i}`, { action: "pause", base: { generation: 1 } });
      expect(res.status).toBe(401);
    }
    await runtime().flushAudit();
    const lines = con.audit.slice(before);
    const refused = lines.filter((l) => "verb" in l);
    const notes = lines.filter((l) => "suppressed" in l);
    // One minute's budget, two if the flood straddled a window.
    expect(refused.length).toBeGreaterThanOrEqual(LIMIT);
    expect(refused.length).toBeLessThanOrEqual(2 * LIMIT);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.at(-1)!.message).toMatch(
      /^suppressed \d+ audit line\(s\) of writes refused without a session since .* \(at most 20 per minute, KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE\)$/,
    );
    const dropped = notes.reduce((n, l) => n + Number(l.suppressed), 0);
    expect(refused.length + dropped).toBe(flood);
  });

  it("huge URL parts are cut in the audit line", async () => {
    const signedIn = new ScriptedBrowser();
    expect((await signedIn.signIn(con.c.tokens.deployer)).status).toBe(200);
    const name = "n".repeat(20_000);
    const cluster = "c".repeat(20_000);
    await signedIn.rollout(cluster, "x".repeat(20_000), name, { action: "pause", base: { generation: 1 } });
    const line = con.audit.at(-1)! as { cluster: string; object: { name: string; namespace: string } };
    expect(line.object.name).toBe(`${"n".repeat(256)}…(19744 more characters)`);
    expect(line.object.namespace).toHaveLength(256 + "…(19744 more characters)".length);
    expect(line.cluster.startsWith("c".repeat(256) + "…")).toBe(true);
    expect(JSON.stringify(line).length).toBeLessThan(4096);
  });

  it("lines written just before the process exits are in the file", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "audit-exit-")), "audit.log");
    const script = `
      const m = await import(${JSON.stringify(path.join(REPO, "lib/server/runtime/index.ts"))});
      const rt = (m.runtime ?? m.default.runtime)(); // the process's, from KRUISE_CONSOLE_AUDIT_LOG
      for (let i = 0; i < 500; i++)
        rt.audit.record({ time: new Date().toISOString(), user: "u" + i, groups: [], mode: "token", cluster: "dev",
          verb: "patch", object: { resource: "pods", namespace: "shop", name: "p" + i }, request: {}, result: { code: 200 } });
      process.exit(0); // no await: the queue is still in memory
    `;
    const res = spawnSync(
      path.join(REPO, "node_modules/.bin/tsx"),
      ["--conditions=react-server", "--input-type=module", "-e", script],
      { cwd: REPO, env: { ...process.env, KRUISE_CONSOLE_AUDIT_LOG: file }, encoding: "utf8" },
    );
    expect(res.status, res.stderr).toBe(0);
    const users = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { user: string }).user);
    expect(new Set(users).size).toBe(500);
    expect(users[0]).toBe("u0");
    expect(users.at(-1)).toBe("u499");
  });
});
