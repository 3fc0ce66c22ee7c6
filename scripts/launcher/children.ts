/**
 * Child processes of the launcher: started in their own process group so Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from "node:child_process";

const children = new Set<ChildProcess>();
const groups = new WeakMap<ChildProcess, boolean>();

/**
 * `group: "own"` (the launcher) puts the child in its own process group so the terminal's Ctrl-C reaches only
 * us and we stop children in order; `group: "shared"` (the e2e server) keeps it in ours, so whoever kills our
 * group (Playwright does) kills the children too, even if we cannot run a handler.
 */
export function startChild(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; pipe?: boolean; group?: "own" | "shared" },
): ChildProcess {
  const detached = (opts.group ?? "own") === "own";
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: opts.pipe ? ["ignore", "pipe", "pipe"] : "inherit",
    detached,
  });
  groups.set(child, detached);
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Resolves with the first stdout line matching `pattern`; rejects if the child exits first or on timeout. */
export function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
  echo: (line: string) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = "";
    let done = false;
    const timer = setTimeout(
      () => finish(new Error(`no line matching ${pattern} within ${timeoutMs / 1000}s`)),
      timeoutMs,
    );
    const finish = (err: Error | null, line?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Hand the streams back to the caller: nothing is echoed twice.
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onErr);
      child.off("exit", onExit);
      if (err) reject(err);
      else resolve(line!);
    };
    const onData = (chunk: Buffer) => {
      buf += chunk.toString();
      let i: number;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        echo(line);
        if (pattern.test(line)) finish(null, line);
      }
    };
    const onErr = (c: Buffer) => c.toString().split("\n").filter(Boolean).forEach(echo);
    const onExit = (code: number | null) => finish(new Error(`exited with code ${code} before it was ready`));
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onErr);
    child.on("exit", onExit);
  });
}

/** SIGTERM every child (its whole group when it has its own), then SIGKILL what is left after `graceMs`. */
export async function stopChildren(graceMs = 5000): Promise<void> {
  const alive = [...children];
  for (const c of alive) signal(c, "SIGTERM");
  await Promise.race([
    Promise.all(
      alive.map(
        (c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once("exit", r))),
      ),
    ),
    new Promise((r) => setTimeout(r, graceMs)),
  ]);
  for (const c of children) signal(c, "SIGKILL");
}

function signal(c: ChildProcess, sig: NodeJS.Signals) {
  try {
    if (c.pid) process.kill(groups.get(c) ? -c.pid : c.pid, sig);
  } catch {
    // already gone
  }
}
