import "server-only";

/**
 * The TCP peer of a request, as stamped by the console's own HTTP server (scripts/serve): it deletes
 * any client-sent `x-kruise-console-*` header and sets these, the stamp being a secret made at
 * process start. Next's own `x-forwarded-for` is only defaulted (`??=`), so a client could forge it;
 * a header with the right stamp can only come from our server. In proxy mode the server also says
 * whether the connection is the auth proxy, proven by its client certificate (scripts/serve/proxy-trust.ts).
 */
export const PEER_HEADERS = {
  stamp: "x-kruise-console-stamp",
  address: "x-kruise-console-peer",
  tls: "x-kruise-console-tls",
  /** proxy mode: the verified proxy certificate's CN (URI-encoded) */
  proxy: "x-kruise-console-proxy",
  /** proxy mode: why this connection is not the auth proxy (URI-encoded) */
  proxyRefused: "x-kruise-console-proxy-refused",
  /** proxy mode, verified proxy only: the first non-empty user header value (URI-encoded) */
  user: "x-kruise-console-user",
  /** proxy mode, verified proxy only: each group header value, URI-encoded, joined by commas */
  groups: "x-kruise-console-groups",
} as const;

/** Proxy mode: the connection is the auth proxy (its certificate's CN), or why not. */
export type ProxyProof = { verified: true; name: string } | { verified: false; reason: string };

export interface Peer {
  address: string;
  /** the browser's connection is TLS (ours, or a trusted proxy's X-Forwarded-Proto: https) */
  tls: boolean;
  /** stamped in proxy mode only */
  proxy?: ProxyProof;
}

export const decode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

function proxyProofOf(h: HeaderSource): ProxyProof | undefined {
  const name = h.get(PEER_HEADERS.proxy);
  if (name !== null) return { verified: true, name: decode(name) };
  const reason = h.get(PEER_HEADERS.proxyRefused);
  return reason !== null ? { verified: false, reason: decode(reason) } : undefined;
}

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The stamped peer, or null when the request did not come through scripts/serve (e.g. plain `next start`).
 * `stamp` is the server's secret, read once with the rest of the configuration (config.ts `stamp`).
 */
export function peerOf(h: HeaderSource, stamp: string | undefined): Peer | null {
  if (!stamp || h.get(PEER_HEADERS.stamp) !== stamp) return null;
  const peer: Peer = { address: h.get(PEER_HEADERS.address) ?? "", tls: h.get(PEER_HEADERS.tls) === "1" };
  const proxy = proxyProofOf(h);
  if (proxy) peer.proxy = proxy;
  return peer;
}

/** IPv4-mapped IPv6 (`::ffff:10.0.0.5`) compares equal to its IPv4 form. */
export function sameAddress(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
  return norm(a) === norm(b);
}
