/**
 * Byte pipes between a TCP port on 127.0.0.1 and a Unix socket, both ways. kruise-manager runs in a network
 * namespace of its own (its webhook server binds every interface, upstream `pkg/webhook/server.go`), so the only
 * way in or out is a Unix socket file: these pipes carry the API server's and the webhooks' TLS through them.
 */
import fs from "node:fs";
import net from "node:net";

/** `listen` → `connect`: each side is `{ port }` (TCP on 127.0.0.1) or `{ path }` (a Unix socket). */
export interface Forward {
  listen: { port: number } | { path: string };
  connect: { port: number } | { path: string };
}

function pipe(a: net.Socket, b: net.Socket): void {
  a.pipe(b);
  b.pipe(a);
  const end = () => {
    a.destroy();
    b.destroy();
  };
  a.on("error", end);
  b.on("error", end);
  a.on("close", end);
  b.on("close", end);
}

/** Starts one forward; resolves once it listens. */
export function forward(f: Forward): Promise<net.Server> {
  const server = net.createServer((inbound) => {
    const out = "port" in f.connect ? net.connect(f.connect.port, "127.0.0.1") : net.connect(f.connect.path);
    pipe(inbound, out);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    if ("port" in f.listen) server.listen(f.listen.port, "127.0.0.1", () => resolve(server));
    else {
      fs.rmSync(f.listen.path, { force: true });
      server.listen(f.listen.path, () => resolve(server));
    }
  });
}
