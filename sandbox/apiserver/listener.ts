import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import { createServer as createNet, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

let cached: { key: string; cert: string } | undefined;

/**
 * A self-signed loopback certificate (made once per process with Debian's openssl). kubectl only sends
 * bearer tokens over TLS (client-go clientcmd sets the token for https hosts only), so the sandbox
 * must speak https for kubectl while plain http keeps working for fetch and client-node.
 */
export function selfSignedCert(): { key: string; cert: string } {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), "sandbox-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        "3650",
        "-subj",
        "/CN=kruise-console-sandbox",
        "-addext",
        "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost",
      ],
      { stdio: "ignore" },
    );
    cached = { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** One port serving both http and https: the first byte of a connection (0x16 = TLS handshake) decides. */
export function dualProtocolServer(handler: Handler): { server: Server; sockets: Set<Socket> } {
  // kube-apiserver keeps idle connections for 90 s (apiserver secure_serving.go: IdleTimeout); Node's default of
  // 5 s would close sockets that clients hold for reuse, and a request sent as one closes fails with ECONNRESET.
  const http = createHttp(handler);
  const https = createHttps(selfSignedCert(), handler);
  http.keepAliveTimeout = https.keepAliveTimeout = 90_000;
  const sockets = new Set<Socket>();
  const server = createNet((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true); // watch events go out as written
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.once("data", (buf) => {
      socket.pause();
      socket.unshift(buf);
      (buf[0] === 0x16 ? https : http).emit("connection", socket);
      process.nextTick(() => socket.resume());
    });
  });
  return { server, sockets };
}
