/**
 * Proxy mode's proof: the TLS server asks every client for a certificate (`requestCert`) but lets the
 * handshake finish without one (`rejectUnauthorized: false`: browsers and probes still get pages and
 * a clear 401), and each request is judged here from its socket: a certificate that chains to
 * --proxy-client-ca, a CN among --proxy-allowed-names (when set), a peer among --proxy-addresses (when set).
 * Only a request that passes all of them may carry identity headers (kube-apiserver's request-header
 * authentication, staging/src/k8s.io/apiserver/pkg/authentication/request/headerrequest).
 */
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
import type { ServerOptions } from "node:https";
import { TLSSocket } from "node:tls";
import { UsageError, type ServeOptions } from "./options";

export interface ProxyTrust {
  allowedNames: string[];
  addresses: string[];
}

export type ProxyVerdict = { ok: true; name: string } | { ok: false; reason: string };

/** IPv4-mapped IPv6 (`::ffff:10.0.0.5`) compares equal to its IPv4 form (as in lib/server/auth/peer.ts). */
export const normAddress = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

function readPem(flag: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new UsageError(`${flag} ${file}: cannot read it (${(e as Error).message})`);
  }
}

/** The https options for these flags (files read and checked now, so a bad path fails at start, exit 2). */
export function tlsServerOptions(o: ServeOptions): ServerOptions | null {
  if (!o.tlsCert || !o.tlsKey) return null;
  const opts: ServerOptions = { cert: readPem("--tls-cert", o.tlsCert), key: readPem("--tls-key", o.tlsKey) };
  if (o.mode !== "proxy" || !o.proxyClientCa) return opts;
  const ca = readPem("--proxy-client-ca", o.proxyClientCa);
  try {
    new X509Certificate(ca);
  } catch (e) {
    throw new UsageError(
      `--proxy-client-ca ${o.proxyClientCa}: not a PEM certificate (${(e as Error).message}); give the CA that signed the proxy's client certificate`,
    );
  }
  // `ca` replaces Node's default roots: only this CA can vouch for a proxy.
  return { ...opts, ca, requestCert: true, rejectUnauthorized: false };
}

/** The certificate's common name(s): Node gives a string, or an array when the subject repeats CN. */
function commonNames(subject: unknown): string[] {
  const cn = (subject as { CN?: string | string[] } | undefined)?.CN;
  return cn === undefined ? [] : Array.isArray(cn) ? cn : [cn];
}

/** Whether this connection is the auth proxy, and if not, why not (said to the caller in the 401). */
export function judgeProxy(socket: Socket, t: ProxyTrust): ProxyVerdict {
  if (!(socket instanceof TLSSocket)) {
    return {
      ok: false,
      reason: "the connection is not TLS: the auth proxy must connect with https and its client certificate",
    };
  }
  const cert = socket.getPeerCertificate();
  if (!cert || Object.keys(cert).length === 0) {
    return {
      ok: false,
      reason:
        "no client certificate: only the auth proxy, presenting a certificate signed by --proxy-client-ca, may send identity headers",
    };
  }
  if (!socket.authorized) {
    const why = String(socket.authorizationError ?? "not verified");
    return {
      ok: false,
      reason: `the client certificate was not accepted (${why}): it must be signed by the CA in --proxy-client-ca`,
    };
  }
  const names = commonNames(cert.subject);
  if (t.allowedNames.length && !names.some((n) => t.allowedNames.includes(n))) {
    return {
      ok: false,
      reason: `the client certificate's CN ${JSON.stringify(names.join(",")).slice(0, 200)} is not one of --proxy-allowed-names`,
    };
  }
  const peer = socket.remoteAddress ?? "";
  if (t.addresses.length && !t.addresses.some((a) => normAddress(a) === normAddress(peer))) {
    return { ok: false, reason: `the proxy's connection comes from ${peer}, not one of --proxy-addresses` };
  }
  return { ok: true, name: names[0] ?? "" };
}
