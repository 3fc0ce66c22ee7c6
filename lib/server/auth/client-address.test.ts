import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, viaTls } from "./client-address";

const STAMP = "stamp";
const from = (peer: string, more: Record<string, string> = {}) =>
  new Headers({ "x-kruise-console-stamp": STAMP, "x-kruise-console-peer": peer, ...more });
const xff = (peer: string, v: string) => from(peer, { "x-forwarded-for": v });

describe("who a request comes from", () => {
  it("believes X-Forwarded-For only from a trusted proxy, reading it from the right", () => {
    expect(clientAddress(xff("10.0.0.9", "1.2.3.4"), STAMP, [])).toBe("10.0.0.9");
    expect(clientAddress(xff("10.0.0.9", "6.6.6.6, 1.2.3.4"), STAMP, ["10.0.0.9"])).toBe("1.2.3.4");
    expect(clientAddress(xff("::ffff:10.0.0.9", "1.2.3.4, 10.0.0.8"), STAMP, ["10.0.0.9", "10.0.0.8"])).toBe("1.2.3.4");
    expect(clientAddress(from("10.0.0.9"), STAMP, ["10.0.0.9"])).toBe("10.0.0.9");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4" }), STAMP, [])).toBe("direct");
  });

  it("takes trusted proxies as CIDR ranges (the pod network an ingress controller runs in)", () => {
    const pods = ["10.0.0.0/8", "fd00::/8"];
    expect(clientAddress(xff("10.244.3.17", "203.0.113.9"), STAMP, pods)).toBe("203.0.113.9");
    expect(clientAddress(xff("fd00:1::7", "203.0.113.9"), STAMP, pods)).toBe("203.0.113.9");
    expect(clientAddress(xff("192.168.1.1", "203.0.113.9"), STAMP, pods)).toBe("192.168.1.1");
    // a client that writes a private address itself is still found: the first untrusted hop from the right
    expect(clientAddress(xff("10.244.3.17", "10.1.1.1, 203.0.113.9"), STAMP, pods)).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-Proto: https only from a trusted proxy", () => {
    const https = { "x-forwarded-proto": "https" };
    expect(viaTls(from("10.244.3.17", https), STAMP, ["10.0.0.0/8"])).toBe(true);
    expect(viaTls(from("192.168.1.1", https), STAMP, ["10.0.0.0/8"])).toBe(false);
    expect(viaTls(from("10.244.3.17", { "x-kruise-console-tls": "1" }), STAMP, [])).toBe(true);
    expect(viaTls(new Headers(https), STAMP, ["10.0.0.0/8"])).toBe(false);
  });

  it("counts an IPv6 client by its /64 and an IPv4 one by its address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
  });
});
