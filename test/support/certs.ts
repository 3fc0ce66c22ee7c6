/**
 * Self-signed PKI for the test kube-apiserver, made with the openssl CLI:
 * a CA, a serving cert for 127.0.0.1/localhost, and the service-account key pair
 * kube-apiserver 1.20 requires (--service-account-signing-key-file / --service-account-key-file).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface Pki {
  caCert: string; // path
  serverCert: string;
  serverKey: string;
  saKey: string;
  saPub: string;
  caData: string; // base64 of the CA PEM, for kubeconfigs
}

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

/** Writes the PKI into dir and returns the paths. */
export function makePki(dir: string): Pki {
  fs.mkdirSync(dir, { recursive: true });
  openssl(dir, [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
    "-days",
    "2",
    "-subj",
    "/CN=kruise-console-test-ca",
  ]);
  fs.writeFileSync(
    path.join(dir, "server.ext"),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature,keyEncipherment\n",
  );
  openssl(dir, [
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=127.0.0.1",
  ]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.crt",
    "-days",
    "2",
    "-extfile",
    "server.ext",
  ]);
  openssl(dir, ["genrsa", "-out", "sa.key", "2048"]);
  openssl(dir, ["rsa", "-in", "sa.key", "-pubout", "-out", "sa.pub"]);
  const p = (f: string) => path.join(dir, f);
  return {
    caCert: p("ca.crt"),
    serverCert: p("server.crt"),
    serverKey: p("server.key"),
    saKey: p("sa.key"),
    saPub: p("sa.pub"),
    caData: fs.readFileSync(p("ca.crt")).toString("base64"),
  };
}

/** A certificate authority's files. */
export interface Ca {
  cert: string; // path (PEM)
  key: string;
}

/** A certificate and its key, issued by a Ca. */
export interface Issued {
  cert: string; // path (PEM)
  key: string;
}

const EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

/** A fresh CA (`<name>.ca.crt`/`.key`) in dir: each call is a different authority, for "another CA" cases. */
export function makeCa(dir: string, name: string): Ca {
  fs.mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, `${name}.ca.crt`);
  const key = path.join(dir, `${name}.ca.key`);
  openssl(dir, ["req", "-x509", ...EC, "-keyout", key, "-out", cert, "-days", "2", "-subj", `/CN=${name}`]);
  return { cert, key };
}

/**
 * A certificate with CN `cn` signed by `ca`, written as `<file>.crt`/`.key`: `client` for TLS client
 * authentication (an auth proxy), `server` for 127.0.0.1/localhost.
 */
export function issueCert(ca: Ca, dir: string, file: string, cn: string, use: "client" | "server"): Issued {
  const cert = path.join(dir, `${file}.crt`);
  const key = path.join(dir, `${file}.key`);
  const ext = path.join(dir, `${file}.ext`);
  fs.writeFileSync(
    ext,
    use === "client"
      ? "extendedKeyUsage=clientAuth\nkeyUsage=digitalSignature\n"
      : "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature\n",
  );
  const csr = path.join(dir, `${file}.csr`);
  openssl(dir, ["req", ...EC, "-keyout", key, "-out", csr, "-subj", `/CN=${cn}`]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    csr,
    "-CA",
    ca.cert,
    "-CAkey",
    ca.key,
    "-set_serial",
    String(Date.now()),
    "-out",
    cert,
    "-days",
    "2",
    "-extfile",
    ext,
  ]);
  return { cert, key };
}
