import type { StreamSlots } from "../stream/slots";
import type { SessionStore } from "./sessions";
import type { SignInCounter } from "./throttle";

/**
 * Everything that must hold across replicas: sessions, the sign-in throttle, the stream caps and the secret behind
 * proxy-mode CSRF tokens. `memory` (the default) keeps them in this process; a `redis://` / `rediss://` store
 * (--session-store) shares them, and while it is unreachable every check fails closed with 503 "session store
 * unreachable: <address>" — never a silent fallback to memory. Built once per process by lib/server/runtime.
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
