/**
 * Child-process plumbing for test clusters: free loopback ports, logged children,
 * readiness polling, and a watchdog that cleans up even when the test process is killed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/** A free TCP port on 127.0.0.1 (the OS picks it; tiny race window accepted for tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  name: string;
  proc: ChildProcess;
  logPath: string;
  exited: Promise<number | null>;
  logTail(lines?: number): string;
}

/** Spawns a long-running child with stdout+stderr appended to logPath. */
export function startChild(name: string, bin: string, args: string[], logPath: string): Child {
  const fd = fs.openSync(logPath, "a");
  const proc = spawn(bin, args, { stdio: ["ignore", fd, fd] });
  fs.closeSync(fd);
  const exited = new Promise<number | null>((resolve) => {
    proc.once("exit", (code) => resolve(code));
    proc.once("error", () => resolve(-1));
  });
  const logTail = (lines = 30) => {
    try {
      return fs.readFileSync(logPath, "utf8").split("\n").slice(-lines).join("\n");
    } catch {
      return "";
    }
  };
  return { name, proc, logPath, exited, logTail };
}

/** SIGTERM, then SIGKILL if the child is still alive after graceMs. */
export async function stopChild(c: Child, graceMs = 10_000): Promise<void> {
  if (c.proc.exitCode !== null || c.proc.signalCode !== null) return;
  c.proc.kill("SIGTERM");
  const timer = setTimeout(() => c.proc.kill("SIGKILL"), graceMs);
  await c.exited;
  clearTimeout(timer);
}

/**
 * Polls check() until it returns true. Fails early when the child exits, and after
 * timeoutMs with the child's log tail so a broken start is diagnosable.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  child?: Child,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastErr: unknown;
  for (;;) {
    if (child && (child.proc.exitCode !== null || child.proc.signalCode !== null)) {
      throw new Error(
        `${child.name} exited (${child.proc.exitCode ?? child.proc.signalCode}) while waiting for ${what}:\n${child.logTail()}`,
      );
    }
    try {
      if (await check()) return;
    } catch (e) {
      lastErr = e;
    }
    if (Date.now() > deadline) {
      const tail = child ? `\n${child.logTail()}` : "";
      throw new Error(`timed out waiting for ${what} (${String(lastErr ?? "not ready")})${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A detached shell that outlives us: once this process is gone (even by SIGKILL) it stops
 * the given children and removes the temp dirs. Returns a function that disarms it.
 */
export function armWatchdog(pids: number[], dirs: string[]): () => void {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const list = pids.join(" ");
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `kill ${list} 2>/dev/null; sleep 3; kill -9 ${list} 2>/dev/null`,
    `rm -rf ${dirs.map(q).join(" ")}`,
  ].join("; ");
  const dog = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  dog.unref();
  return () => {
    try {
      if (dog.pid) process.kill(dog.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
}
