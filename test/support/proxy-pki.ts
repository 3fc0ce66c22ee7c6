/**
 * Proxy mode's test PKI, made with openssl (certs.ts): the console's serving certificate, the CA that
 * vouches for the auth proxy and its client certificate, and impostors. Used by the security suite and
 * by the e2e proxy instance (test/e2e/serve.ts makes it, the specs find it by proxyPkiIn).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { issueCert, makeCa, type Ca, type Issued } from "./certs";

export interface ProxyPki {
  dir: string;
  serverCa: Ca;
  /** the console's https certificate (127.0.0.1, localhost) */
  server: Issued;
  /** what --proxy-client-ca names */
  proxyCa: Ca;
  /** CN auth-proxy, signed by proxyCa: the real proxy */
  proxy: Issued;
  /** CN auth-proxy, signed by a CA the console does not know */
  foreign: Issued;
  /** signed by proxyCa, but CN other-service */
  otherName: Issued;
}

/** The CN of the real proxy's certificate (give it to --proxy-allowed-names). */
export const PROXY_CN = "auth-proxy";

const pair = (dir: string, file: string): Issued => ({
  cert: path.join(dir, `${file}.crt`),
  key: path.join(dir, `${file}.key`),
});
const ca = (dir: string, name: string): Ca => ({
  cert: path.join(dir, `${name}.ca.crt`),
  key: path.join(dir, `${name}.ca.key`),
});

/** The files of a PKI made by makeProxyPki(dir), without making anything. */
export function proxyPkiIn(dir: string): ProxyPki {
  return {
    dir,
    serverCa: ca(dir, "console-serving"),
    server: pair(dir, "console"),
    proxyCa: ca(dir, "proxy-client"),
    proxy: pair(dir, "proxy"),
    foreign: pair(dir, "foreign"),
    otherName: pair(dir, "other-name"),
  };
}

/** Makes a fresh PKI in dir (a new temporary directory when not given). */
export function makeProxyPki(dir = fs.mkdtempSync(path.join(os.tmpdir(), "proxy-pki-"))): ProxyPki {
  const p = proxyPkiIn(dir);
  const serverCa = makeCa(dir, "console-serving");
  const proxyCa = makeCa(dir, "proxy-client");
  const foreignCa = makeCa(dir, "someone-else");
  issueCert(serverCa, dir, "console", "127.0.0.1", "server");
  issueCert(proxyCa, dir, "proxy", PROXY_CN, "client");
  issueCert(foreignCa, dir, "foreign", PROXY_CN, "client");
  issueCert(proxyCa, dir, "other-name", "other-service", "client");
  return p;
}

/** Serve flags for proxy mode with this PKI (callers add --proxy-allowed-names, --proxy-sidecar, …). */
export const proxyFlags = (p: ProxyPki) => [
  "--mode",
  "proxy",
  "--tls-cert",
  p.server.cert,
  "--tls-key",
  p.server.key,
  "--proxy-client-ca",
  p.proxyCa.cert,
];
