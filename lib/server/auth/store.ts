import "server-only";
import { randomBytes } from "node:crypto";
import { memoryStreamSlots, type StreamSlots } from "../sse";
import { consoleConfig } from "./config";
import { MemorySessionStore } from "./memory-sessions";
import { RedisConnection, type RedisTarget } from "./redis/connection";
import { RedisSignInCounter, RedisStreamSlots } from "./redis/counters";
import { RedisSessionStore } from "./redis/redis-sessions";
import { TokenCipher } from "./redis/token-crypto";
import type { SessionStore } from "./sessions";
import { SignInThrottle, type SignInCounter, type ThrottleLimits } from "./throttle";

/**
 * Everything that must hold across replicas: sessions, the sign-in throttle, the stream caps and the
 * secret behind proxy-mode CSRF tokens. `memory` (the default) keeps them in this process; a
 * `redis://` / `rediss://` store (--session-store) shares them, and while it is unreachable every
 * check fails closed with 503 "session store unreachable: <address>" — never a silent fallback to memory.
 */
export interface SharedState {
  kind: "memory" | "redis";
  sessions: SessionStore;
  throttle: SignInCounter;
  streams: StreamSlots;
  /** 32 bytes every replica agrees on (proxy mode derives its anti-CSRF tokens from it) */
  secret(): Promise<Buffer>;
  /** reachable now (readiness); memory always is */
  ready(): boolean;
  close(): Promise<void>;
}

const PREFIX = "kruise-console:";

type G = typeof globalThis & {
  __kruiseConsoleSessions?: SessionStore;
  __kruiseConsoleSignInThrottle?: SignInThrottle;
  __kruiseConsoleSecret?: Buffer;
  __kruiseConsoleRedis?: { key: string; state: SharedState };
};
const g = globalThis as G;

const throttleLimits = (): ThrottleLimits => {
  const c = consoleConfig().signIn;
  return {
    perAddress: c.failuresPerAddress,
    perUser: c.signInsPerUser,
    global: c.failuresGlobal,
    windowMs: c.windowMs,
    slowdownMs: c.slowdownMs,
  };
};

// The memory parts live on globalThis one by one (tests reset them one by one).
const memory: SharedState = {
  kind: "memory",
  get sessions() {
    return (g.__kruiseConsoleSessions ??= new MemorySessionStore());
  },
  get throttle() {
    return (g.__kruiseConsoleSignInThrottle ??= new SignInThrottle(throttleLimits));
  },
  streams: memoryStreamSlots,
  secret: async () => (g.__kruiseConsoleSecret ??= randomBytes(32)),
  ready: () => true,
  close: async () => {},
};

function redisState(target: RedisTarget, keyFile: string | undefined): SharedState {
  const conn = new RedisConnection(target);
  // Proxy mode keeps no tokens: a store without a key file refuses to seal one (sign-in is token mode only).
  const cipher = keyFile ? TokenCipher.fromFile(keyFile) : undefined;
  let secret: Buffer | undefined;
  return {
    kind: "redis",
    sessions: new RedisSessionStore(conn, cipher ?? noCipher(), PREFIX),
    throttle: new RedisSignInCounter(conn, throttleLimits, PREFIX),
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

function noCipher(): TokenCipher {
  const refuse = () => {
    throw new Error("token mode with a Redis session store needs --session-key-file (tokens are encrypted at rest)");
  };
  return { encrypt: refuse, decrypt: refuse } as unknown as TokenCipher;
}

/** The process's shared state for the configured store (one Redis client per process, on globalThis). */
export function sharedState(): SharedState {
  const cfg = consoleConfig();
  if (cfg.sessionStore.kind === "memory") return memory;
  const { url, passwordFile, caFile, keyFile } = cfg.sessionStore;
  const key = JSON.stringify([url, passwordFile, caFile, keyFile]);
  if (g.__kruiseConsoleRedis?.key !== key) {
    void g.__kruiseConsoleRedis?.state.close();
    g.__kruiseConsoleRedis = { key, state: redisState({ url, passwordFile, caFile }, keyFile) };
  }
  return g.__kruiseConsoleRedis.state;
}

export const sessionStore = (): SessionStore => sharedState().sessions;
export const signInThrottle = (): SignInCounter => sharedState().throttle;
