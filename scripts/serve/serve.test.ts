import { Socket } from "node:net";
import { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, stampRequest } from "./headers";
import { inlineScripts } from "./hashes";
import { stampIdentity } from "./identity";
import { bindRefusal, consoleEnv, parseServeArgs, toArgs, withAuditDefault } from "./options";
import { judgeProxy } from "./proxy-trust";

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
      "--proxy-client-ca",
      "ca.pem",
      "--proxy-allowed-names=auth-proxy,backup-proxy",
      "--proxy-refuse-groups",
      "cluster-admins, system:*",
      "--proxy-allow-masters",
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
      proxyClientCa: "ca.pem",
      proxyAllowedNames: ["auth-proxy", "backup-proxy"],
      proxySidecar: false,
      proxyRefuseGroups: ["cluster-admins", "system:*"],
      proxyAllowMasters: true,
      proxyUserHeader: "X-User",
      proxyGroupHeader: "X-Groups",
      tlsCert: "c.pem",
      tlsKey: "k.pem",
      sessionStore: "memory",
      trustedProxies: [],
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

  it("takes trusted proxies as addresses or CIDR ranges, and says which entry is neither", () => {
    const o = parseServeArgs(["--mode", "token", "--trusted-proxies", "10.0.0.0/8, fd00::/8,192.0.2.1"]);
    expect(o.trustedProxies).toEqual(["10.0.0.0/8", "fd00::/8", "192.0.2.1"]);
    expect(consoleEnv(o).KRUISE_CONSOLE_TRUSTED_PROXIES).toBe("10.0.0.0/8,fd00::/8,192.0.2.1");
    expect(parseServeArgs(toArgs(o))).toEqual(o);
    expect(() => parseServeArgs(["--trusted-proxies", "ingress.example"])).toThrow(
      /"ingress.example" is not an IP address or a CIDR range/,
    );
  });

  it("maps the options onto the environment the app reads", () => {
    expect(consoleEnv(parseServeArgs(["--mode", "proxy", "--proxy-addresses", "10.0.0.7", "--read-only"]))).toEqual({
      KRUISE_CONSOLE_MODE: "proxy",
      KRUISE_CONSOLE_READ_ONLY: "1",
      KRUISE_CONSOLE_PROXY_ADDRESSES: "10.0.0.7",
      KRUISE_CONSOLE_SESSION_STORE: "memory",
    });
    expect(
      consoleEnv(parseServeArgs(["--mode", "proxy", "--proxy-refuse-groups", "ops", "--proxy-allow-masters"])),
    ).toMatchObject({ KRUISE_CONSOLE_PROXY_REFUSE_GROUPS: "ops", KRUISE_CONSOLE_PROXY_ALLOW_MASTERS: "1" });
  });

  it("reads the proxy flags from the environment too, and --proxy-sidecar makes loopback the proxy's address", () => {
    const env = {
      KRUISE_CONSOLE_MODE: "proxy",
      KRUISE_CONSOLE_PROXY_CLIENT_CA: "/etc/proxy-ca/ca.crt",
      KRUISE_CONSOLE_PROXY_ALLOWED_NAMES: "auth-proxy",
      KRUISE_CONSOLE_PROXY_SIDECAR: "1",
    };
    const o = parseServeArgs([], env);
    expect(o).toMatchObject({
      proxyClientCa: "/etc/proxy-ca/ca.crt",
      proxyAllowedNames: ["auth-proxy"],
      proxySidecar: true,
      proxyAddresses: ["127.0.0.1", "::1"],
    });
    expect(parseServeArgs(toArgs(o))).toEqual(o);
    expect(parseServeArgs(["--proxy-sidecar=false"], env).proxySidecar).toBe(false);
  });

  it("takes no prototype member for a flag", () => {
    for (const f of ["toString", "constructor", "__proto__", "hasOwnProperty"])
      expect(() => parseServeArgs([f, "x"])).toThrow(/unknown flag/);
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

  const PROXY = ["--mode", "proxy", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--proxy-client-ca", "ca.pem"];
  it("allows any address with token mode or proxy mode", () => {
    expect(refusal("--host", "0.0.0.0", "--mode", "token")).toBeNull();
    expect(refusal("--host", "0.0.0.0", ...PROXY)).toBeNull();
    expect(refusal("--host", "0.0.0.0", ...PROXY, "--proxy-addresses", "10.0.0.7")).toBeNull();
  });

  it("refuses proxy mode without a client CA or without TLS, saying what to pass", () => {
    const what = /--proxy-client-ca <the PEM CA[\s\S]*--tls-cert\/--tls-key[\s\S]*Example: --mode proxy/;
    expect(refusal("--mode", "proxy")).toMatch(what);
    // An IP allow-list alone is not a proof.
    expect(refusal("--mode", "proxy", "--proxy-addresses", "10.0.0.7")).toMatch(what);
    expect(refusal("--mode", "proxy", "--proxy-client-ca", "ca.pem")).toMatch(what);
    expect(refusal("--mode", "proxy", "--tls-cert", "c.pem", "--tls-key", "k.pem")).toMatch(what);
  });

  it("refuses loopback as the proxy's address unless --proxy-sidecar says it is a sidecar", () => {
    for (const lo of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.7,127.0.0.2"])
      expect(refusal(...PROXY, "--proxy-addresses", lo)).toMatch(
        /is loopback[\s\S]*port-forward[\s\S]*--proxy-sidecar/,
      );
    expect(refusal(...PROXY, "--proxy-sidecar", "--proxy-addresses", "127.0.0.1")).toBeNull();
    expect(refusal(...PROXY, "--proxy-sidecar")).toBeNull();
    expect(refusal(...PROXY, "--proxy-sidecar", "--proxy-addresses", "10.0.0.7")).toMatch(
      /a sidecar reaches the console over loopback only/,
    );
  });

  it("refuses proxy-only flags in another mode", () => {
    expect(refusal("--mode", "token", "--proxy-client-ca", "ca.pem", "--proxy-sidecar")).toMatch(
      /--proxy-client-ca, --proxy-sidecar: proxy mode only \(this is --mode token\)/,
    );
    expect(refusal("--proxy-allow-masters")).toMatch(/proxy mode only/);
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

describe("proxy mode stamping", () => {
  const opts = {
    secret: "s3cret",
    tls: true,
    proxyAddresses: [],
    proxy: { allowedNames: [], addresses: [], identityHeaders: { user: "X-Remote-User", group: "X-Remote-Group" } },
  };
  it("a connection that is not TLS is never the proxy: its identity headers are deleted and the reason stamped", () => {
    const req = request("10.0.0.7", {
      "x-remote-user": "admin",
      "x-remote-group": "system:masters",
      "x-kruise-console-proxy": "forged-proxy",
    });
    stampRequest(req, opts);
    expect(req.headers["x-remote-user"]).toBeUndefined();
    expect(req.headers["x-remote-group"]).toBeUndefined();
    expect(req.headers["x-kruise-console-proxy"]).toBeUndefined();
    expect(decodeURIComponent(String(req.headers["x-kruise-console-proxy-refused"]))).toMatch(/not TLS/);
    expect(judgeProxy(new Socket(), opts.proxy)).toEqual({ ok: false, reason: expect.stringMatching(/not TLS/) });
  });
});

describe("proxy mode identity, as kube-apiserver's request-header authenticator reads it", () => {
  const names = { user: "X-Remote-User", group: "X-Remote-Group" };
  const sent = () => {
    const req = request("127.0.0.1", {});
    // What Node makes of repeated headers: one comma-joined string in req.headers, each value in rawHeaders.
    req.rawHeaders = [
      "X-Remote-User",
      "alice",
      "x-remote-user",
      "mallory",
      "X-Remote-Group",
      "cn=team-a,ou=groups,dc=example",
      "x-remote-group",
      "ops",
      "X-Remote-Group",
      "",
    ];
    req.headers = { "x-remote-user": "alice, mallory", "x-remote-group": "cn=team-a,ou=groups,dc=example, ops, " };
    return req;
  };

  it("stamps the first user value and each group header value as one group, commas and all", () => {
    const req = sent();
    stampIdentity(req, names, true);
    expect(decodeURIComponent(String(req.headers["x-kruise-console-user"]))).toBe("alice");
    expect(String(req.headers["x-kruise-console-groups"]).split(",").map(decodeURIComponent)).toEqual([
      "cn=team-a,ou=groups,dc=example",
      "ops",
    ]);
    expect(req.headers["x-remote-user"]).toBeUndefined();
    expect(req.headers["x-remote-group"]).toBeUndefined();
  });

  it("stamps nothing for a connection that is not the proxy, and still removes the headers", () => {
    const req = sent();
    stampIdentity(req, names, false);
    expect(Object.keys(req.headers)).toEqual([]);
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

describe("where local mode's audit lines go", () => {
  it("local mode writes them to .tmp/audit.log in the checkout, not the terminal", () => {
    expect(withAuditDefault(parseServeArgs([]), "/repo").auditLog).toBe("/repo/.tmp/audit.log");
  });

  it("an --audit-log given is kept, and shared modes keep stdout unless told", () => {
    expect(withAuditDefault(parseServeArgs(["--audit-log", "stdout"]), "/repo").auditLog).toBe("stdout");
    expect(
      withAuditDefault(parseServeArgs(["--mode", "token", "--host", "127.0.0.1"]), "/repo").auditLog,
    ).toBeUndefined();
  });
});
