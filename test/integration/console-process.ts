/**
 * A real console process (scripts/serve.ts on the built app, as the image runs it) on a free loopback
 * port, and a cookie-keeping HTTP client for it that sends what a browser page would: the Origin of the
 * console it talks to, the session cookie, and the anti-CSRF header on writes.
 * Needs `next build` first (npm test and the e2e setup build when sources changed).
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { armWatchdog, freePort, stopChild, waitUntil, type Child } from "../support/proc";

const root = path.resolve(__dirname, "../..");

export interface ConsoleProcess {
  name: string;
  origin: string;
  child: Child;
  stop(graceMs?: number): Promise<void>;
}

/** node + tsx running scripts/serve.ts with `env` on top of ours, output appended to `log`. */
function spawnLogged(name: string, args: string[], env: Record<string, string>, log: string): Child {
  const fd = openSync(log, "a");
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", resolve));
  const logTail = (lines = 30) => readFileSync(log, "utf8").split("\n").slice(-lines).join("\n");
  return { name, proc, logPath: log, exited, logTail };
}

export async function startConsole(name: string, args: string[], env: Record<string, string>): Promise<ConsoleProcess> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), `kc-${name}-`));
  const child = spawnLogged(
    name,
    ["--import", "tsx", "scripts/serve.ts", "--host", "127.0.0.1", "--port", String(port), ...args],
    env,
    path.join(dir, "console.log"),
  );
  const disarm = armWatchdog([child.proc.pid!], [dir]);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntil(`${name} ready`, async () => (await fetch(`${origin}/healthz`)).ok, child, 180_000);
  return {
    name,
    origin,
    child,
    stop: async (graceMs = 10_000) => {
      await stopChild(child, graceMs);
      disarm();
    },
  };
}

/** One browser: its cookie and anti-CSRF token, whichever replica answers. */
export class Browser {
  cookie?: string;
  csrf?: string;
  /** headers sent with every request (e.g. the X-Forwarded-For an ingress would add) */
  constructor(readonly extra: Record<string, string> = {}) {}

  async send(to: ConsoleProcess, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { accept: "application/json", ...this.extra, ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (body !== undefined) {
      h.origin = to.origin;
      h["content-type"] = "application/json";
      if (this.csrf) h["x-csrf-token"] = this.csrf;
    }
    const res = await fetch(`${to.origin}${p}`, {
      method: body === undefined ? "GET" : "POST",
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = /Max-Age=0/.test(set) ? undefined : set.split(";")[0];
    return res;
  }

  async signIn(to: ConsoleProcess, token: string): Promise<Response> {
    const res = await this.send(to, "/api/auth/signin", { token });
    if (res.ok) await this.session(to);
    return res;
  }

  /** GET /api/auth/session; keeps the anti-CSRF token it names */
  async session(to: ConsoleProcess): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await this.send(to, "/api/auth/session");
    const body = (await res.json()) as Record<string, unknown>;
    if (typeof body.csrf === "string") this.csrf = body.csrf;
    return { status: res.status, body };
  }
}
