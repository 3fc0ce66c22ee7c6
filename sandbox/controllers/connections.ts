// client-node 1.4.0 builds a fresh https.Agent for every API call (KubeConfig.applySecurityAuthentication →
// createAgent), so each request pays a new TCP connection and TLS handshake on both ends — the largest single
// cost in the profile of a 1,000-pod rollout. Real controllers hold their connections open; so do ours.
import type { KubeConfig } from "@kubernetes/client-node";
import http from "node:http";
import https from "node:https";

type Ctx = Parameters<KubeConfig["applySecurityAuthentication"]>[0];

/** The TLS and proxy-free settings that make two agents interchangeable. */
function agentKey(a: http.Agent): string {
  const o = (a as http.Agent & { options?: Record<string, unknown> }).options ?? {};
  const part = (v: unknown) => (v === undefined ? "" : Buffer.isBuffer(v) ? v.toString("base64") : String(v));
  return [a instanceof https.Agent ? "https" : "http", o.ca, o.cert, o.key, o.rejectUnauthorized, o.servername]
    .map(part)
    .join("|");
}

/**
 * The same KubeConfig (same cluster, user and authentication, read through the prototype) whose API clients
 * reuse keep-alive connections: client-node still builds the agent with the configured CA and credentials, and
 * that agent's options pick (or create) one long-lived agent. Proxied clusters keep client-node's own agent.
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
      const opts = { ...(made as http.Agent & { options?: object }).options, keepAlive: true, maxSockets: 32 };
      agent = made instanceof https.Agent ? new https.Agent(opts) : new http.Agent(opts);
      agents.set(key, agent);
    }
    ctx.setAgent(agent);
  };
  return reusing;
}
