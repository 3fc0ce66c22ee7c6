import "server-only";
import { HttpError } from "../errors";
import type { ProxyConfig } from "./config";
import { decode, PEER_HEADERS, peerOf } from "./peer";
import type { UserInfo } from "./sessions";

interface HeaderSource {
  get(name: string): string | null;
}

const unauthorized = (message: string) => new HttpError({ code: 401, reason: "Unauthorized", message });
const forbidden = (message: string) => new HttpError({ code: 403, reason: "Forbidden", message });

/** `system:masters` matches itself; `team-*` matches every group starting with `team-`. */
export function groupRefused(group: string, refused: readonly string[]): boolean {
  return refused.some((r) => (r.endsWith("*") ? group.startsWith(r.slice(0, -1)) : group === r));
}

/**
 * The user an auth proxy names, in proxy mode. The identity headers count only when the console's server
 * stamped the connection as the proxy (client certificate from --proxy-client-ca, allowed CN, allowed
 * address); otherwise 401 with the server's reason, the headers never read. The server stamps them as
 * kube-apiserver's request-header authenticator reads them (scripts/serve/identity.ts): the first user
 * value, and each group header value as ONE group, commas and all. A user claiming a refused
 * group, or a `system:` user name (kube-apiserver binds its own components by user name, e.g.
 * system:kube-controller-manager, and nodes as system:node:<name>), is 403: nothing is sent to the cluster.
 */
export function proxiedUser(h: HeaderSource, cfg: ProxyConfig, stamp: string | undefined): UserInfo {
  const peer = peerOf(h, stamp);
  if (!peer)
    throw unauthorized(
      "proxy mode: this request did not come through the console's server (start it with npm start / scripts/serve.ts)",
    );
  const proof = peer.proxy;
  if (!proof?.verified) {
    throw unauthorized(
      `proxy mode: requests must come through the auth proxy; identity headers ignored: ${proof?.reason ?? "the console's server did not check this connection"}`,
    );
  }
  const name = decode(h.get(PEER_HEADERS.user) ?? "");
  if (!name) throw unauthorized(`proxy mode: the auth proxy sent no ${cfg.userHeader} header`);
  const stamped = h.get(PEER_HEADERS.groups);
  const groups = stamped ? stamped.split(",").map(decode) : [];
  if (name.startsWith("system:"))
    throw forbidden(
      `proxy mode: the user name ${JSON.stringify(name.slice(0, 200))} is refused (system: names are reserved for Kubernetes itself)`,
    );
  const refused = groups.filter((g) => groupRefused(g, cfg.refuseGroups));
  if (refused.length) {
    throw forbidden(
      `proxy mode: group ${refused.map((g) => JSON.stringify(g.slice(0, 200))).join(", ")} is refused by this ` +
        "console (system:masters, which bypasses RBAC, unless --proxy-allow-masters; and --proxy-refuse-groups)",
    );
  }
  return { name, groups };
}
