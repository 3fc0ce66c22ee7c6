/**
 * Request hygiene and response security headers of the console's HTTP server (docs/architecture.md §5).
 * Peer stamping is the contract lib/server/auth/peer.ts reads; the CSP nonce travels to Next in the
 * REQUEST's content-security-policy header (Next puts it on its inline bootstrap scripts).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { stampIdentity, type IdentityHeaders } from "./identity";
import { judgeProxy, normAddress, type ProxyTrust } from "./proxy-trust";

const PREFIX = "x-kruise-console-";

export interface StampOptions {
  /** process.env.KRUISE_CONSOLE_STAMP: proves a header came from this server */
  secret: string;
  /** this server terminates TLS itself */
  tls: boolean;
  /** configured proxy addresses (outside proxy mode: whose X-Forwarded-Proto is believed) */
  proxyAddresses: string[];
  /** proxy mode: how the auth proxy proves itself, and the identity headers only it may send */
  proxy?: ProxyTrust & { identityHeaders: IdentityHeaders };
}

/**
 * Drops every client-sent x-kruise-console-* header, then stamps the real peer, whether the browser's
 * link is TLS and, in proxy mode, the verified proxy (its certificate's CN) with the user and groups it
 * named (identity.ts), or why it is not one; the raw identity headers are deleted either way, so nothing
 * downstream can half-trust them.
 */
export function stampRequest(req: IncomingMessage, o: StampOptions): void {
  for (const name of Object.keys(req.headers)) if (name.startsWith(PREFIX)) delete req.headers[name];
  const peer = req.socket.remoteAddress ?? "";
  let fromProxy = o.proxyAddresses.some((a) => normAddress(a) === normAddress(peer));
  if (o.proxy) {
    const verdict = judgeProxy(req.socket, o.proxy);
    fromProxy = verdict.ok;
    if (verdict.ok) req.headers[`${PREFIX}proxy`] = encodeURIComponent(verdict.name);
    else req.headers[`${PREFIX}proxy-refused`] = encodeURIComponent(verdict.reason);
    stampIdentity(req, o.proxy.identityHeaders, verdict.ok);
  }
  const forwardedTls =
    fromProxy &&
    String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      .trim()
      .toLowerCase() === "https";
  req.headers[`${PREFIX}stamp`] = o.secret;
  req.headers[`${PREFIX}peer`] = peer;
  req.headers[`${PREFIX}tls`] = o.tls || forwardedTls ? "1" : "0";
}

export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The page policy: scripts only from our origin, with this request's nonce (Next's inline bootstrap)
 * or a known hash (inline scripts fixed at build time: prerendered pages, the theme boot script).
 * No 'unsafe-inline'/'unsafe-eval' for scripts; styles need 'unsafe-inline' (React style attributes,
 * Monaco's injected styles), so no nonce there (a nonce would switch 'unsafe-inline' off).
 * Monaco's workers are module workers served from /_next/static (same origin).
 */
export function contentSecurityPolicy(nonce: string, hashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${hashes.map((h) => ` '${h}'`).join("")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Headers every response carries (pages, API, static files). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
  };
}

/** Per request: hygiene, a fresh nonce handed to Next, and the security headers set before Next writes. */
export function prepare(
  req: IncomingMessage,
  res: ServerResponse,
  o: StampOptions & { hashes: readonly string[] },
): void {
  stampRequest(req, o);
  const csp = contentSecurityPolicy(newNonce(), o.hashes);
  req.headers["content-security-policy"] = csp;
  delete req.headers["content-security-policy-report-only"];
  for (const [k, v] of Object.entries(securityHeaders(csp))) res.setHeader(k, v);
}
