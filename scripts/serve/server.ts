/**
 * The console's listening server, apart from what it hosts: http, or https (with the proxy's
 * client-certificate check in proxy mode), and every request stamped and given the security headers
 * before the handler sees it. scripts/serve.ts hands it Next's request handler.
 */
import http from "node:http";
import https from "node:https";
import { prepare, type StampOptions } from "./headers";
import type { IdentityHeaders } from "./identity";
import type { ServeOptions } from "./options";
import { tlsServerOptions } from "./proxy-trust";

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** The identity headers proxy mode reads (lib/server/auth/config.ts has the same defaults). */
export function identityHeaders(o: ServeOptions): IdentityHeaders {
  return { user: o.proxyUserHeader || "X-Remote-User", group: o.proxyGroupHeader || "X-Remote-Group" };
}

/** What stampRequest needs from the options. */
export function stampOptions(o: ServeOptions, secret: string): StampOptions {
  const s: StampOptions = { secret, tls: Boolean(o.tlsCert), proxyAddresses: o.proxyAddresses };
  if (o.mode === "proxy")
    s.proxy = { allowedNames: o.proxyAllowedNames, addresses: o.proxyAddresses, identityHeaders: identityHeaders(o) };
  return s;
}

export interface ServerSetup {
  /** proves a stamp came from this process (KRUISE_CONSOLE_STAMP) */
  secret: string;
  /** CSP hashes of the build's fixed inline scripts */
  hashes: readonly string[];
  /** from tlsServerOptions(o), read before the slow start so a bad file fails at once; null = http */
  tls: https.ServerOptions | null;
}

export { tlsServerOptions };

export function createConsoleServer(o: ServeOptions, setup: ServerSetup, handle: Handler): http.Server {
  const { tls } = setup;
  const so = { ...stampOptions(o, setup.secret), hashes: setup.hashes };
  const listener: http.RequestListener = (req, res) => {
    prepare(req, res, so);
    handle(req, res).catch((e: unknown) => {
      console.error(`[kruise-console] ${req.method} ${req.url}: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
  return tls ? https.createServer(tls, listener) : http.createServer(listener);
}
