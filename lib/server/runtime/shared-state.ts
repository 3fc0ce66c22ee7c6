import "server-only";
import { randomBytes } from "node:crypto";
import type { ConsoleConfig } from "../auth/config";
import { MemorySessionStore } from "../auth/memory-sessions";
import { RedisConnection, type RedisTarget } from "../auth/redis/connection";
import { RedisSignInCounter, RedisStreamSlots } from "../auth/redis/counters";
import { RedisSessionStore } from "../auth/redis/redis-sessions";
import { TokenCipher } from "../auth/redis/token-crypto";
import type { SharedState } from "../auth/shared";
import { SignInThrottle, type ThrottleLimits } from "../auth/throttle";
import { MemoryStreamSlots } from "../stream/slots";

const PREFIX = "kruise-console:";

const throttleLimits = (cfg: ConsoleConfig): ThrottleLimits => ({
  perAddress: cfg.signIn.failuresPerAddress,
  perUser: cfg.signIn.signInsPerUser,
  global: cfg.signIn.failuresGlobal,
  windowMs: cfg.signIn.windowMs,
  slowdownMs: cfg.signIn.slowdownMs,
});

/** This process's state: sessions, throttle, stream counts and the CSRF secret. */
function memoryState(cfg: ConsoleConfig): SharedState {
  let secret: Buffer | undefined;
  return {
    kind: "memory",
    sessions: new MemorySessionStore(),
    throttle: new SignInThrottle(() => throttleLimits(cfg)),
    streams: new MemoryStreamSlots(),
    secret: async () => (secret ??= randomBytes(32)),
    ready: () => true,
    close: async () => {},
  };
}

/** A store without a key file refuses to seal a token: proxy mode keeps none (sign-in is token mode only). */
const noCipher = {
  encrypt(): never {
    throw new Error("token mode with a Redis session store needs --session-key-file (tokens are encrypted at rest)");
  },
  decrypt(): never {
    throw new Error("token mode with a Redis session store needs --session-key-file (tokens are encrypted at rest)");
  },
};

function redisState(cfg: ConsoleConfig, target: RedisTarget, keyFile?: string): SharedState {
  const conn = new RedisConnection(target);
  const cipher = keyFile ? TokenCipher.fromFile(keyFile) : noCipher;
  let secret: Buffer | undefined;
  return {
    kind: "redis",
    sessions: new RedisSessionStore(conn, cipher, PREFIX),
    throttle: new RedisSignInCounter(conn, () => throttleLimits(cfg), PREFIX),
    streams: new RedisStreamSlots(conn, PREFIX),
    // The first replica to ask sets it (SET NX); every other one reads the same value.
    secret: async () =>
      (secret ??= await conn.run(async (r) => {
        const k = `${PREFIX}csrf-secret`;
        await r.set(k, randomBytes(32).toString("base64"), { NX: true });
        return Buffer.from((await r.get(k)) ?? "", "base64");
      })),
    ready: () => conn.ready,
    close: () => conn.quit(),
  };
}

/** The shared state for the configured store (docs/architecture.md §5): memory, or one Redis client per process. */
export function buildSharedState(cfg: ConsoleConfig): SharedState {
  if (cfg.sessionStore.kind === "memory") return memoryState(cfg);
  const { url, passwordFile, caFile, keyFile } = cfg.sessionStore;
  return redisState(cfg, { url, passwordFile, caFile }, keyFile);
}
