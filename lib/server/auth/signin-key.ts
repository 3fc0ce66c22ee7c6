import "server-only";
import { digest } from "./sessions";
import { peerOf, sameAddress } from "./peer";

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The client a sign-in comes from: the TCP peer, or, when the peer is one of the trusted proxies (an
 * ingress), the address it appended to X-Forwarded-For. Entries are read right to left, skipping
 * trusted proxies: everything left of the first untrusted hop could have been written by the client.
 */
export function clientAddress(h: HeaderSource, trustedProxies: readonly string[]): string {
  const peer = peerOf(h)?.address;
  if (!peer) return "direct";
  const trusted = (a: string) => trustedProxies.some((t) => sameAddress(t, a));
  if (!trusted(peer)) return peer;
  const hops = (h.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i])) return hops[i].slice(0, 64);
  return peer;
}

/**
 * Who a token claims to be before the cluster says so: a JWT's issuer and subject (service-account and
 * OIDC tokens), otherwise the token itself. Only ever hashed; never trusted as an identity.
 */
export function claimedIdentity(token: string): string {
  const parts = token.split(".");
  if (parts.length === 3) {
    try {
      const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as {
        iss?: unknown;
        sub?: unknown;
      };
      if (typeof claims.sub === "string") return `jwt\u0000${String(claims.iss ?? "")}\u0000${claims.sub}`;
    } catch {
      // not a JWT after all: the token stands for itself
    }
  }
  return `token\u0000${token}`;
}

/** The throttle key of one sign-in attempt: the claimed identity's hash plus the client. */
export function signInKey(h: HeaderSource, token: string, trustedProxies: readonly string[]): string {
  return `${digest(claimedIdentity(token))}@${clientAddress(h, trustedProxies)}`;
}
