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
