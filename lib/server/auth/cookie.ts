import "server-only";

/**
 * The session cookie. The `__Host-` prefix makes the browser accept it only from this very origin, Secure,
 * with Path=/ and no Domain (RFC 6265bis §4.1.3.2): a sibling subdomain or a man in the middle of plain
 * http cannot plant one, so a browser never carries a session someone else chose for it (login CSRF).
 * Browsers treat http://127.0.0.1 and http://localhost as secure contexts, so loopback keeps working.
 */
export const SESSION_COOKIE = "__Host-kruise_console_session";

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The session id from the Cookie header: the value of the ONE cookie with our exact name. Two of them (which
 * a browser never keeps for a `__Host-` name) mean someone wrote one: neither is believed.
 */
export function sessionIdOf(h: HeaderSource): string | undefined {
  const found: string[] = [];
  for (const part of (h.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === SESSION_COOKIE) found.push(part.slice(i + 1).trim());
  }
  return found.length === 1 && found[0] ? found[0] : undefined;
}

/** The Set-Cookie value: HttpOnly, SameSite=Strict, and what the `__Host-` prefix requires (Secure, Path=/, no Domain). */
export function sessionCookie(value: string, maxAgeS: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}`;
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i;

/**
 * Whether a browser will keep a Secure cookie from this request: it came over TLS (ours, or a trusted
 * proxy's X-Forwarded-Proto: https), or the browser is on a loopback origin (a secure context without TLS).
 */
export function browserKeepsSecureCookie(tls: boolean, host: string): boolean {
  return tls || LOOPBACK_HOST.test(host);
}
