import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimedIdentity, clientAddress, signInKey } from "./signin-key";

const STAMP = "stamp";
const saved = process.env.KRUISE_CONSOLE_STAMP;
beforeEach(() => {
  process.env.KRUISE_CONSOLE_STAMP = STAMP;
});
afterEach(() => {
  process.env.KRUISE_CONSOLE_STAMP = saved;
});
const from = (peer: string, xff?: string) =>
  new Headers({
    "x-kruise-console-stamp": STAMP,
    "x-kruise-console-peer": peer,
    ...(xff ? { "x-forwarded-for": xff } : {}),
  });
const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

describe("who a sign-in attempt comes from", () => {
  it("believes X-Forwarded-For only from a trusted proxy, reading it from the right", () => {
    expect(clientAddress(from("10.0.0.9", "1.2.3.4"), [])).toBe("10.0.0.9");
    expect(clientAddress(from("10.0.0.9", "6.6.6.6, 1.2.3.4"), ["10.0.0.9"])).toBe("1.2.3.4");
    expect(clientAddress(from("::ffff:10.0.0.9", "1.2.3.4, 10.0.0.8"), ["10.0.0.9", "10.0.0.8"])).toBe("1.2.3.4");
    expect(clientAddress(from("10.0.0.9"), ["10.0.0.9"])).toBe("10.0.0.9");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4" }), [])).toBe("direct");
  });

  it("keys by the token's claimed subject (JWT) or the token, plus the client", () => {
    const sa = jwt({ iss: "k8s", sub: "system:serviceaccount:shop:ci" });
    expect(claimedIdentity(sa)).toBe(claimedIdentity(jwt({ iss: "k8s", sub: "system:serviceaccount:shop:ci", x: 1 })));
    expect(claimedIdentity("opaque")).not.toBe(claimedIdentity("opaque2"));
    const k = signInKey(from("10.0.0.9", "1.2.3.4"), "opaque", ["10.0.0.9"]);
    expect(k).not.toContain("opaque");
    expect(k).not.toBe(signInKey(from("10.0.0.9", "5.6.7.8"), "opaque", ["10.0.0.9"]));
  });
});
