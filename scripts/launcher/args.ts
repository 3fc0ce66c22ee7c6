/**
 * Launcher flags: --sandbox, plus every flag of the console's server (scripts/serve/options.ts:
 * --host, --port, --mode, --read-only, --proxy-*, --tls-*), which are validated here and passed through.
 */
import { parseServeArgs, SERVE_USAGE, toArgs, type Env, type ServeOptions } from "../serve/options";

export { isLoopback, UsageError } from "../serve/options";

export interface LaunchOptions {
  sandbox: boolean;
  serve: ServeOptions;
}

export function parseArgs(argv: string[], env: Env = {}): LaunchOptions {
  const sandbox = argv.includes("--sandbox");
  return {
    sandbox,
    serve: parseServeArgs(
      argv.filter((a) => a !== "--sandbox"),
      env,
    ),
  };
}

/** The flags for scripts/serve.ts. */
export const serveArgs = (o: LaunchOptions) => toArgs(o.serve);

export const USAGE = `Usage: npm start -- [--sandbox] [--host 127.0.0.1] [--port 3000] [--mode local|token|proxy] [flags]
  --sandbox               also start the built-in sandbox cluster and add it as context "sandbox"
${SERVE_USAGE}`;
