/**
 * Launcher flags: --port (3000), --host (127.0.0.1), --sandbox.
 */
export interface LaunchOptions {
  port: number;
  host: string;
  sandbox: boolean;
}

export function parseArgs(argv: string[]): LaunchOptions {
  const opts: LaunchOptions = { port: 3000, host: "127.0.0.1", sandbox: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--port") opts.port = Number(value());
    else if (flag === "--host") opts.host = String(value() ?? "");
    else if (flag === "--sandbox") opts.sandbox = true;
    else if (flag === "--help" || flag === "-h") throw new UsageError("");
    else throw new UsageError(`unknown flag ${argv[i]}`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new UsageError("--port must be a number 0-65535");
  if (!opts.host) throw new UsageError("--host needs a value");
  return opts;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm start -- [--port 3000] [--host 127.0.0.1] [--sandbox]
  --port     port to serve the dashboard on (default 3000)
  --host     address to bind (default 127.0.0.1; non-loopback needs an authentication mode)
  --sandbox  also start the built-in sandbox cluster and add it as context "sandbox"`;

/** Loopback addresses: the only binds allowed without authentication (DESIGN.md §5). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}
