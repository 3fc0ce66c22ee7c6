import "server-only";
import { BlockList, isIP } from "node:net";
import { peerOf } from "./peer";

interface HeaderSource {
  get(name: string): string | null;
}

/** `::ffff:10.0.0.5` is 10.0.0.5; a zone id (`fe80::1%eth0`) is not part of the address. */
function plain(a: string): string {
  return a
    .trim()
    .toLowerCase()
    .replace(/%.*$/, "")
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
}

/**
 * The operator's trusted proxies (an ingress, a load balancer): addresses or CIDR ranges such as the pod
 * network the ingress controller runs in. Anything unparsable is left out (the server's flags check them).
 */
export function trustedProxies(list: readonly string[]): BlockList {
  const b = new BlockList();
  for (const entry of list) {
    const [addr, bits] = entry.trim().split("/");
    const a = plain(addr ?? "");
    const family = isIP(a);
    if (!family) continue;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) b.addAddress(a, type);
    else if (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)) b.addSubnet(a, Number(bits), type);
  }
  return b;
}

function isTrusted(b: BlockList, address: string): boolean {
  const a = plain(address);
  const family = isIP(a);
  return family !== 0 && b.check(a, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client a request comes from: the TCP peer, or, when the peer is one of the trusted proxies, the address
 * the proxies appended to X-Forwarded-For. Entries are read right to left, skipping trusted proxies: everything
 * left of the first untrusted hop could have been written by the client. "direct" when our server did not
 * stamp the request (no peer known).
 */
export function clientAddress(h: HeaderSource, stamp: string | undefined, trusted: readonly string[]): string {
  const peer = peerOf(h, stamp)?.address;
  if (!peer) return "direct";
  const list = trustedProxies(trusted);
  if (!isTrusted(list, peer)) return plain(peer);
  const hops = (h.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(list, hops[i])) return plain(hops[i]).slice(0, 64);
  return plain(peer);
}

/** Whether the browser's link is TLS: ours, or a trusted proxy that says X-Forwarded-Proto: https. */
export function viaTls(h: HeaderSource, stamp: string | undefined, trusted: readonly string[]): boolean {
  const peer = peerOf(h, stamp);
  if (!peer) return false;
  if (peer.tls) return true;
  const proto = (h.get("x-forwarded-proto") ?? "").split(",")[0].trim().toLowerCase();
  return proto === "https" && isTrusted(trustedProxies(trusted), peer.address);
}

/**
 * What sign-in failures are counted against: the client address, an IPv6 client by its /64 (one subscriber's
 * prefix: an attacker holds the whole of it, so counting single addresses would count nothing).
 */
export function addressKey(address: string): string {
  const a = plain(address);
  if (isIP(a) !== 6) return a;
  const [head, tail] = a.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = a.includes("::") ? [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}
