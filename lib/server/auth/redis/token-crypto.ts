import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

/**
 * Bearer tokens at rest in the shared store: AES-256-GCM, a fresh 96-bit nonce per token, bound by the
 * associated data to what the entry is (cluster and user), so a ciphertext moved onto another entry does
 * not decrypt. The key file (a Kubernetes Secret mounted into every replica) holds one key per line,
 * 32 bytes as base64 or 64 hex digits: the FIRST line encrypts, every line decrypts. Rotation: put the new
 * key first and keep the old one below it until the sessions it wrote have expired (the session lifetime).
 */
export class TokenCipher {
  private keys: { id: string; key: Buffer }[];

  constructor(keys: Buffer[]) {
    if (keys.length === 0) throw new Error("the session key file holds no key: one per line, 32 bytes as base64");
    this.keys = keys.map((key) => ({ id: keyId(key), key }));
  }

  static fromFile(file: string): TokenCipher {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new Error(`cannot read the session key file ${file}: ${(e as Error).message}`);
    }
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    return new TokenCipher(lines.map((l, i) => parseKey(l, `${file} line ${i + 1}`)));
  }

  /** `v1.<key id>.<nonce>.<ciphertext+tag>`, base64url parts. */
  encrypt(token: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(12);
    const c = createCipheriv("aes-256-gcm", key, iv);
    c.setAAD(Buffer.from(context));
    const body = Buffer.concat([c.update(token, "utf8"), c.final(), c.getAuthTag()]);
    return ["v1", id, iv.toString("base64url"), body.toString("base64url")].join(".");
  }

  /** The token, or undefined when no key of the file opens it (rotated out, or tampered with). */
  decrypt(sealed: string, context: string): string | undefined {
    const [v, id, iv, body] = sealed.split(".");
    const k = this.keys.find((x) => x.id === id);
    if (v !== "v1" || !k || !iv || !body) return undefined;
    try {
      const raw = Buffer.from(body, "base64url");
      const d = createDecipheriv("aes-256-gcm", k.key, Buffer.from(iv, "base64url"));
      d.setAAD(Buffer.from(context));
      d.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([d.update(raw.subarray(0, raw.length - 16)), d.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }
}

/** A short public name of a key (which one sealed a token), not the key. */
const keyId = (key: Buffer) => createHash("sha256").update(key).digest("base64url").slice(0, 8);

function parseKey(line: string, where: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(line) ? Buffer.from(line, "hex") : Buffer.from(line, "base64");
  if (key.length !== 32)
    throw new Error(
      `${where}: a session key is 32 random bytes as base64 (\`head -c32 /dev/urandom | base64\`); this one is ${key.length} bytes`,
    );
  return key;
}
