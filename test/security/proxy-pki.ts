/** The proxy-mode tests' own PKI, made with openssl (test/support/certs.ts). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { issueCert, makeCa, type Ca, type Issued } from "../support/certs";

/** The test's own PKI: the console's serving cert, the proxy's CA and client certs, and impostors. */
export interface ProxyPki {
  dir: string;
  serverCa: Ca;
  server: Issued;
  proxyCa: Ca;
  /** CN auth-proxy, signed by proxyCa: the real proxy */
  proxy: Issued;
  /** CN auth-proxy, signed by a CA the console does not know */
  foreign: Issued;
  /** signed by proxyCa, but CN other-service */
  otherName: Issued;
}

export function makeProxyPki(): ProxyPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "proxy-pki-"));
  const serverCa = makeCa(dir, "console-serving");
  const proxyCa = makeCa(dir, "proxy-client");
  const foreignCa = makeCa(dir, "someone-else");
  return {
    dir,
    serverCa,
    server: issueCert(serverCa, dir, "console", "127.0.0.1", "server"),
    proxyCa,
    proxy: issueCert(proxyCa, dir, "proxy", "auth-proxy", "client"),
    foreign: issueCert(foreignCa, dir, "foreign", "auth-proxy", "client"),
    otherName: issueCert(proxyCa, dir, "other-name", "other-service", "client"),
  };
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
