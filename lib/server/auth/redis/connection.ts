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
  /** rediss://: PEM CA the server's certificate must chain to (a private CA, as deploy/components/redis uses) */
  caFile?: string;
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

/**
 * The 503 every store-backed check answers while Redis cannot be reached or will not serve (no fallback to
 * memory); `why` is the refusal's code word (OOM, NOAUTH, …), never the reply's text.
 */
export function unreachable(address: string, why?: string): HttpError {
  return new HttpError({
    code: 503,
    reason: "ServiceUnavailable",
    message: `session store unreachable: ${address}${why ? ` (${why})` : ""}`,
  });
}

/**
 * Replies by which Redis says it cannot serve now rather than that a command is wrong: still loading, busy with
 * a script, a read-only replica after a failover, out of memory under maxmemory/noeviction, a password missing or
 * wrong, too many clients, persistence failing. An outage like a closed socket, for the request.
 */
const REFUSING =
  /^(LOADING|BUSY|MASTERDOWN|READONLY|OOM|NOAUTH|WRONGPASS|NOPERM|CLUSTERDOWN|TRYAGAIN|MISCONF|NOREPLICAS)\b/;
const GONE = /closed|connection|socket|ECONN|offline|timeout|max number of clients/i;

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
    const common = {
      connectTimeout: COMMAND_TIMEOUT_MS,
      reconnectStrategy: (n: number) => Math.min(100 + n * 200, 2000),
    };
    // rediss://: TLS with the server's certificate checked (against caFile when given, else the system's roots).
    const socket = target.url.startsWith("rediss:")
      ? { ...common, tls: true as const, ...(target.caFile ? { ca: readFileSync(target.caFile) } : {}) }
      : common;
    this.client = createClient({
      url: target.url,
      ...(password ? { password } : {}),
      disableOfflineQueue: true,
      pingInterval: 5000,
      socket,
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
      const msg = String((e as Error)?.message ?? e);
      const refusal = REFUSING.exec(msg)?.[1];
      if (refusal || GONE.test(msg) || !this.client.isReady) throw unreachable(this.address, refusal);
      // Anything else is a bug (a Lua error): say so, without any argument (they may hold ciphertext).
      throw new HttpError({ code: 500, reason: "InternalError", message: `session store error: ${msg.slice(0, 200)}` });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Closes the connection (a runtime replaced or closed). Gracefully when Redis answers: replies come in order, so
   * once a PING is answered nothing sent before it is still due, and the close waits for nothing. Otherwise (Redis
   * stopped, unreachable, or frozen mid-command: a reply that never comes) at once, failing what is still due,
   * rather than waiting for ever.
   */
  async quit(): Promise<void> {
    if (!this.client.isOpen) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), COMMAND_TIMEOUT_MS);
    });
    const answered =
      this.client.isReady &&
      (await Promise.race([
        this.client.ping().then(
          () => true,
          () => false,
        ),
        late,
      ]));
    clearTimeout(timer);
    if (answered) await this.client.close().catch(() => this.client.destroy());
    else this.client.destroy();
  }

  private mark(up: boolean, why?: string): void {
    if (up === !this.down) return;
    this.down = !up;
    if (up) console.error(`[kruise-console] session store reachable again: ${this.address}`);
    else console.error(`[kruise-console] session store unreachable: ${this.address} (${why ?? "disconnected"})`);
  }
}
