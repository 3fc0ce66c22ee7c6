/**
 * Proxy mode's identity, read from the raw request as kube-apiserver's request-header authenticator reads it
 * (staging/src/k8s.io/apiserver/pkg/authentication/request/headerrequest/requestheader.go): the user is the
 * first non-empty value of the user header; EVERY non-empty value of the group header is one group, so a
 * proxy sends several groups as several headers, and a group name may hold commas (an LDAP DN). Node joins a
 * repeated header into one comma-separated string (`req.headers`), which would split such a name, so the
 * values are taken from `req.rawHeaders` and stamped one by one (URI-encoded, comma-separated).
 */
import type { IncomingMessage } from "node:http";

/** The stamped headers lib/server/auth/proxy.ts reads (lib/server/auth/peer.ts PEER_HEADERS). */
export const IDENTITY_STAMP = { user: "x-kruise-console-user", groups: "x-kruise-console-groups" } as const;

export interface IdentityHeaders {
  user: string;
  group: string;
}

/** Every value of header `name` as the client sent it, in order (repeats kept apart). */
export function headerValues(req: IncomingMessage, name: string): string[] {
  const want = name.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i].toLowerCase() === want) out.push(req.rawHeaders[i + 1]);
  return out;
}

/** Stamps the verified proxy's user and groups; the raw identity headers are removed either way. */
export function stampIdentity(req: IncomingMessage, h: IdentityHeaders, verified: boolean): void {
  if (verified) {
    const user = headerValues(req, h.user)
      .map((v) => v.trim())
      .find(Boolean);
    const groups = headerValues(req, h.group)
      .map((v) => v.trim())
      .filter(Boolean);
    if (user !== undefined) req.headers[IDENTITY_STAMP.user] = encodeURIComponent(user);
    req.headers[IDENTITY_STAMP.groups] = groups.map(encodeURIComponent).join(",");
  }
  delete req.headers[h.user.toLowerCase()];
  delete req.headers[h.group.toLowerCase()];
}
