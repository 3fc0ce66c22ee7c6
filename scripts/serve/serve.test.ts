import { Socket } from "node:net";
import { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, stampRequest } from "./headers";
import { inlineScripts } from "./hashes";
import { bindRefusal, consoleEnv, parseServeArgs, toArgs } from "./options";

describe("serve flags", () => {
  it("defaults to local mode on 127.0.0.1:3000 and reads every flag", () => {
    expect(parseServeArgs([])).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      mode: "local",
      readOnly: false,
      proxyAddresses: [],
    });
    const o = parseServeArgs([
      "--host=0.0.0.0",
      "--port",
      "8443",
      "--mode",
      "proxy",
      "--read-only",
      "--proxy-addresses",
      "10.0.0.7, 10.0.0.8",
      "--proxy-user-header",
      "X-User",
      "--proxy-group-header=X-Groups",
      "--tls-cert",
      "c.pem",
      "--tls-key",
      "k.pem",
    ]);
    expect(o).toEqual({
      host: "0.0.0.0",
      port: 8443,
      mode: "proxy",
      readOnly: true,
      proxyAddresses: ["10.0.0.7", "10.0.0.8"],
      proxyUserHeader: "X-User",
      proxyGroupHeader: "X-Groups",
      tlsCert: "c.pem",
      tlsKey: "k.pem",
    });
    expect(parseServeArgs(toArgs(o))).toEqual(o);
  });

  it("takes the KRUISE_CONSOLE_* environment as defaults, flags winning", () => {
    const env = {
      KRUISE_CONSOLE_MODE: "token",
      KRUISE_CONSOLE_READ_ONLY: "1",
      KRUISE_CONSOLE_HOST: "::",
      KRUISE_CONSOLE_PORT: "4000",
    };
    expect(parseServeArgs([], env)).toMatchObject({ mode: "token", readOnly: true, host: "::", port: 4000 });
    expect(parseServeArgs(["--mode", "local", "--host", "127.0.0.1"], env)).toMatchObject({
      mode: "local",
      host: "127.0.0.1",
    });
  });

  it("rejects unknown flags, bad modes and ports, a missing value, and half a TLS pair", () => {
    expect(() => parseServeArgs(["--bogus"])).toThrow(/unknown flag --bogus/);
    expect(() => parseServeArgs(["--mode", "open"])).toThrow(/local, token, proxy/);
    expect(() => parseServeArgs(["--port", "x"])).toThrow(/port/);
    expect(() => parseServeArgs(["--host"])).toThrow(/--host needs a value/);
    expect(() => parseServeArgs(["--tls-cert", "c.pem"])).toThrow(/go together/);
  });

  it("maps the options onto the environment the app reads", () => {
    expect(consoleEnv(parseServeArgs(["--mode", "proxy", "--proxy-addresses", "10.0.0.7", "--read-only"]))).toEqual({
      KRUISE_CONSOLE_MODE: "proxy",
      KRUISE_CONSOLE_READ_ONLY: "1",
      KRUISE_CONSOLE_PROXY_ADDRESSES: "10.0.0.7",
    });
  });
});

describe("the bind rule", () => {
  const refusal = (...argv: string[]) => bindRefusal(parseServeArgs(argv));
  it("serves local mode on loopback only, and tells what to do otherwise", () => {
    expect(refusal()).toBeNull();
    expect(refusal("--host", "::1")).toBeNull();
    expect(refusal("--host", "0.0.0.0")).toMatch(
      /Refusing to bind 0\.0\.0\.0 in local mode[\s\S]*--mode token[\s\S]*--mode proxy/,
    );
    expect(refusal("--host", "192.168.1.5", "--read-only")).toMatch(/Refusing/);
  });

  it("allows any address with token mode or proxy mode, and proxy mode only with proxy addresses", () => {
    expect(refusal("--host", "0.0.0.0", "--mode", "token")).toBeNull();
    expect(refusal("--host", "0.0.0.0", "--mode", "proxy", "--proxy-addresses", "10.0.0.7")).toBeNull();
    expect(refusal("--mode", "proxy")).toMatch(/proxy mode needs --proxy-addresses/);
  });
});

function request(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.headers = { ...headers };
  return req;
}

describe("request stamping", () => {
  const opts = { secret: "s3cret", tls: false, proxyAddresses: ["10.0.0.7"] };
  it("drops client-sent x-kruise-console-* headers and stamps the real peer", () => {
    const req = request("192.168.1.9", {
      "x-kruise-console-stamp": "forged",
      "x-kruise-console-peer": "127.0.0.1",
      "x-kruise-console-extra": "1",
      accept: "*/*",
    });
    stampRequest(req, opts);
    expect(req.headers).toEqual({
      accept: "*/*",
      "x-kruise-console-stamp": "s3cret",
      "x-kruise-console-peer": "192.168.1.9",
      "x-kruise-console-tls": "0",
    });
  });

  it("believes X-Forwarded-Proto: https only from a configured proxy", () => {
    const viaProxy = request("::ffff:10.0.0.7", { "x-forwarded-proto": "https" });
    stampRequest(viaProxy, opts);
    expect(viaProxy.headers["x-kruise-console-tls"]).toBe("1");
    const direct = request("10.0.0.9", { "x-forwarded-proto": "https" });
    stampRequest(direct, opts);
    expect(direct.headers["x-kruise-console-tls"]).toBe("0");
    const ownTls = request("10.0.0.9", {});
    stampRequest(ownTls, { ...opts, tls: true });
    expect(ownTls.headers["x-kruise-console-tls"]).toBe("1");
  });
});

describe("content security policy", () => {
  it("allows scripts only from our origin, this nonce and the given hashes; never inline or eval", () => {
    const csp = contentSecurityPolicy("abc", ["sha256-xyz"]);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc' 'sha256-xyz'");
    for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"])
      expect(csp).toContain(d);
  });

  it("hashes only inline scripts, not ones loaded by src", () => {
    expect(
      inlineScripts(
        `<script src="/a.js" async=""></script><script>one()</script><script nonce="n">two()</script><script></script>`,
      ),
    ).toEqual(["one()", "two()"]);
  });
});
