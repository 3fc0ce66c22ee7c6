import "server-only";
import { readFileSync } from "node:fs";
// node-redis (the `redis` package, Redis Inc.'s own client): actively maintained, typed, reconnects by itself,
// and can refuse commands while disconnected (disableOfflineQueue) so a dead store fails a request at once
// instead of queueing it. ioredis is in maintenance mode and points new projects here.
import { createClient } from "redis";
import { HttpError } from "../../errors";

export type Redis = ReturnType<typeof createClient>;

export interface RedisTarget {
  /** redis://host:port[/db] or rediss:// (TLS); a password in the URL is accepted but a file is preferred */
  url: string;
  /** file holding the password (a mounted Secret); trailing newline ignored */
  passwordFile?: string;
}

/** host:port of a store URL, never its credentials: what messages and logs may name. */
export function storeAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    return "(unparsable address)";
  }
}

/** The 503 every store-backed check answers while Redis cannot be reached (no fallback to memory). */
export function unreachable(address: string): HttpError {
  return new HttpError({ code: 503, reason: "ServiceUnavailable", message: `session store unreachable: ${address}` });
}

/** Longest a store command may take before the request fails closed (a half-open socket never answers). */
const COMMAND_TIMEOUT_MS = 2000;

/**
 * One client per process, connected in the background and reconnecting for ever (at most every 2 s).
 * Commands while disconnected fail at once (no offline queue): `run` turns that, and a timeout, into
 * the 503 above. The state changes are logged once each, with the address only.
 */
export class RedisConnection {
  readonly address: string;
  private client: Redis;
  private down = false;
  /** resolves at the first "ready": until then a request waits for it (briefly) rather than failing */
  private firstReady: Promise<void>;

  constructor(target: RedisTarget) {
    this.address = storeAddress(target.url);
    const password = target.passwordFile ? readFileSync(target.passwordFile, "utf8").trim() : undefined;
    this.client = createClient({
      url: target.url,
      ...(password ? { password } : {}),
      disableOfflineQueue: true,
      pingInterval: 5000,
      socket: { connectTimeout: COMMAND_TIMEOUT_MS, reconnectStrategy: (n: number) => Math.min(100 + n * 200, 2000) },
    });
    this.client.on("error", (e: Error) => this.mark(false, e.message));
    this.client.on("ready", () => this.mark(true));
    this.firstReady = new Promise((resolve) => this.client.once("ready", () => resolve()));
    this.client.connect().catch((e: Error) => this.mark(false, e.message));
  }

  /** Connected and answering (readiness asks this). */
  get ready(): boolean {
    return this.client.isReady;
  }

  /** Runs `fn` against the client, or throws 503 "session store unreachable: <address>". */
  async run<T>(fn: (r: Redis) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unreachable(this.address)), COMMAND_TIMEOUT_MS);
    });
    try {
      // Just started: the first connection may still be on its way (not an outage yet).
      if (!this.client.isReady && !this.down) await Promise.race([this.firstReady, timeout]);
      if (!this.client.isReady) throw unreachable(this.address);
      return await Promise.race([fn(this.client), timeout]);
    } catch (e) {
      if (e instanceof HttpError) throw e;
      // A Lua error is a bug, not an outage: say so, without any argument (they may hold ciphertext).
      if (this.client.isReady && !/closed|connection|socket|ECONN/i.test(String((e as Error).message)))
        throw new HttpError({
          code: 500,
          reason: "InternalError",
          message: `session store error: ${String((e as Error).message).slice(0, 200)}`,
        });
      throw unreachable(this.address);
    } finally {
      clearTimeout(timer);
    }
  }

  async quit(): Promise<void> {
    if (this.client.isOpen) await this.client.close().catch(() => this.client.destroy());
  }

  private mark(up: boolean, why?: string): void {
    if (up === !this.down) return;
    this.down = !up;
    if (up) console.error(`[kruise-console] session store reachable again: ${this.address}`);
    else console.error(`[kruise-console] session store unreachable: ${this.address} (${why ?? "disconnected"})`);
  }
}
