// client-node 1.4.0 builds a fresh https.Agent for every API call (KubeConfig.applySecurityAuthentication →
// createAgent), so each request pays a new TCP connection and TLS handshake on both ends: the largest single cost
// in the profile of a 1,000-pod rollout (a quarter of the process's CPU). Real controllers hold their connections
// open; so do ours.
//
// A plain keep-alive agent is not enough: node-fetch 2.7 (client-node's fetch) reports "Premature close" for a
// chunked response whose socket already carries the next request when the response's 'close' event fires
// (fixResponseChunkedTransferBadEnding counts the socket's 'data' listeners). The agent hands a freed socket to a
// queued request on the same tick, so under load most writes failed that way. These agents pass a freed socket on
// one macrotask later, after the finished response has closed.
import type { KubeConfig } from "@kubernetes/client-node";
import http from "node:http";
import https from "node:https";

type Ctx = Parameters<KubeConfig["applySecurityAuthentication"]>[0];

/** Idle sockets close before the server's keep-alive timeout (Node's default is 5 s) can close them under a request. */
const IDLE_MS = 4000;
/**
 * Connections per agent; more requests wait in the agent for a free one. Without a cap a burst (a slow-start batch
 * of 2,048 creates, a kubelet binding thousands of new pods) opened a connection per request: the listen backlog
 * overflowed, the kernel dropped SYNs that were retried seconds later, and some requests failed with ECONNRESET,
 * so a 5,000-pod scale-out sat idle for most of its wall time. client-go multiplexes one HTTP/2 connection.
 */
const MAX_SOCKETS = 32;

class DeferredFreeHttpAgent extends http.Agent {
  emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "free") return super.emit(event, ...args);
    setImmediate(() => super.emit(event, ...args));
    return true;
  }
}

class DeferredFreeHttpsAgent extends https.Agent {
  emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "free") return super.emit(event, ...args);
    setImmediate(() => super.emit(event, ...args));
    return true;
  }
}

/** The TLS settings that make two agents interchangeable. */
function agentKey(a: http.Agent): string {
  const o = (a as http.Agent & { options?: Record<string, unknown> }).options ?? {};
  const part = (v: unknown) => (v === undefined ? "" : Buffer.isBuffer(v) ? v.toString("base64") : String(v));
  return [a instanceof https.Agent ? "https" : "http", o.ca, o.cert, o.key, o.pfx, o.rejectUnauthorized, o.servername]
    .map(part)
    .join("|");
}

/**
 * The same KubeConfig (same cluster, user and authentication, read through the prototype) whose API clients reuse
 * keep-alive connections: client-node still works out the agent from the configured CA and credentials, and that
 * agent's options pick (or create) one long-lived agent. Proxied clusters keep client-node's own agent. Free
 * sockets are unreferenced by the agent, so they never keep a process alive.
 */
export function withConnectionReuse(kc: KubeConfig): KubeConfig {
  const agents = new Map<string, http.Agent>();
  const reusing = Object.create(kc) as KubeConfig;
  reusing.applySecurityAuthentication = async (ctx: Ctx) => {
    await kc.applySecurityAuthentication(ctx);
    const made = ctx.getAgent();
    if (!made || made.constructor !== (made instanceof https.Agent ? https.Agent : http.Agent)) return;
    const key = agentKey(made);
    let agent = agents.get(key);
    if (!agent) {
      const opts = {
        ...(made as http.Agent & { options?: object }).options,
        keepAlive: true,
        timeout: IDLE_MS,
        maxSockets: MAX_SOCKETS,
      };
      agent = made instanceof https.Agent ? new DeferredFreeHttpsAgent(opts) : new DeferredFreeHttpAgent(opts);
      agents.set(key, agent);
    }
    ctx.setAgent(agent);
  };
  return reusing;
}
