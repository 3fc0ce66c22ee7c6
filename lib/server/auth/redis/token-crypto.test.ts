import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TokenCipher } from "./token-crypto";

const keyFile = (...lines: string[]) => {
  const f = path.join(mkdtempSync(path.join(os.tmpdir(), "kc-key-")), "session.key");
  writeFileSync(f, lines.join("\n") + "\n");
  return f;
};
const CTX = JSON.stringify(["kruise-console token", "dev", "alice"]);

// `v1.<key id>.<nonce>.<ciphertext+tag>` (token-crypto.ts): the parts a tamper changes.
const NONCE = 2;
const BODY = 3;
/** The sealed token with the lowest bit of one byte of a part flipped (a negative `at` counts from the end). */
function flipBit(sealed: string, part: number, at: number): string {
  const parts = sealed.split(".");
  const raw = Buffer.from(parts[part], "base64url");
  raw[at < 0 ? raw.length + at : at] ^= 1;
  parts[part] = raw.toString("base64url");
  return parts.join(".");
}

describe("sealing bearer tokens at rest", () => {
  it("a sealed token holds no trace of the token and opens again with the same key and entry", () => {
    const c = new TokenCipher([randomBytes(32)]);
    const token = "eyJhbGciOiJSUzI1NiJ9.secret-part.signature";
    const sealed = c.encrypt(token, CTX);
    expect(sealed).not.toContain("secret-part");
    expect(c.encrypt(token, CTX)).not.toBe(sealed); // a fresh nonce each time
    expect(c.decrypt(sealed, CTX)).toBe(token);
  });

  it("a token sealed for one cluster or user does not open on another entry, nor after tampering", () => {
    const c = new TokenCipher([randomBytes(32)]);
    const sealed = c.encrypt("tok", CTX);
    expect(c.decrypt(sealed, JSON.stringify(["kruise-console token", "prod", "alice"]))).toBeUndefined();
    // One bit flipped in the nonce, the ciphertext and the tag: GCM authenticates each of them.
    for (const [part, at] of [
      [NONCE, 0],
      [BODY, 0],
      [BODY, -1],
    ] as const)
      expect(c.decrypt(flipBit(sealed, part, at), CTX), `part ${part}, byte ${at}`).toBeUndefined();
  });

  it("rotation: with the new key first, tokens sealed under the old key still open and new ones use the new key", () => {
    const oldKey = randomBytes(32).toString("base64");
    const newKey = randomBytes(32).toString("hex");
    const before = TokenCipher.fromFile(keyFile(oldKey)).encrypt("old-tok", CTX);
    const rotated = TokenCipher.fromFile(keyFile(newKey, oldKey));
    expect(rotated.decrypt(before, CTX)).toBe("old-tok");
    const after = rotated.encrypt("new-tok", CTX);
    expect(TokenCipher.fromFile(keyFile(newKey)).decrypt(after, CTX)).toBe("new-tok");
    expect(TokenCipher.fromFile(keyFile(oldKey)).decrypt(after, CTX)).toBeUndefined();
  });

  it("a key file with a short key says how to make a proper one", () => {
    expect(() => TokenCipher.fromFile(keyFile("c2hvcnQ="))).toThrow(/32 random bytes as base64.*this one is 5 bytes/);
    expect(() => TokenCipher.fromFile(keyFile("# only a comment"))).toThrow(/holds no key/);
  });
});
