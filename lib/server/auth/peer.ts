import "server-only";

/**
 * The TCP peer of a request, as stamped by the console's own HTTP server (scripts/serve): it deletes
 * any client-sent `x-kruise-console-*` header and sets these three, the stamp being a secret made at
 * process start. Next's own `x-forwarded-for` is only defaulted (`??=`), so a client could forge it;
 * a header with the right stamp can only come from our server.
 */
export const PEER_HEADERS = {
  stamp: "x-kruise-console-stamp",
  address: "x-kruise-console-peer",
  tls: "x-kruise-console-tls",
} as const;

export interface Peer {
  address: string;
  /** the browser's connection is TLS (ours, or a trusted proxy's X-Forwarded-Proto: https) */
  tls: boolean;
}

interface HeaderSource {
  get(name: string): string | null;
}

/** The stamped peer, or null when the request did not come through scripts/serve (e.g. plain `next start`). */
export function peerOf(h: HeaderSource): Peer | null {
  const secret = process.env.KRUISE_CONSOLE_STAMP;
  if (!secret || h.get(PEER_HEADERS.stamp) !== secret) return null;
  return { address: h.get(PEER_HEADERS.address) ?? "", tls: h.get(PEER_HEADERS.tls) === "1" };
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
