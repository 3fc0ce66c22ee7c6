import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProxyPki, proxyFlags, type ProxyPki } from "../support/proxy-pki";

const root = path.resolve(__dirname, "../..");

/** This process's environment without KRUISE_CONSOLE_* (only the flags configure the server). */
const ownEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("KRUISE_CONSOLE_")),
  ) as NodeJS.ProcessEnv;

/** Runs the real scripts/serve.ts; a refused start exits before Next loads, so no build is needed. */
function serve(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/serve.ts", "--port", "0", ...args],
      { cwd: root, timeout: 60_000, env: ownEnv() },
      (err, _stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr }),
    );
  });
}

// Proxy mode starts only with a way for the proxy to prove itself; what it refuses, it says how to fix.
describe("proxy mode refuses to start without a proof of the proxy", () => {
  let pki: ProxyPki;
  beforeAll(() => {
    pki = makeProxyPki();
  });
  afterAll(() => fs.rmSync(pki.dir, { recursive: true, force: true }));

  it("an IP allow-list alone (no client CA, no TLS) exits 2, naming the flags to pass", async () => {
    const r = await serve(["--mode", "proxy", "--host", "0.0.0.0", "--proxy-addresses", "10.0.0.7"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Pass --proxy-client-ca <the PEM CA that signed the proxy's client certificate>/);
    expect(r.stderr).toMatch(/--tls-cert\/--tls-key/);
  });

  it("a client CA without TLS exits 2", async () => {
    const r = await serve(["--mode", "proxy", "--proxy-client-ca", pki.proxyCa.cert]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--tls-cert\/--tls-key \(the console serves https\)/);
  });

  it("loopback as the proxy's address without --proxy-sidecar exits 2 (kubectl port-forward arrives from loopback)", async () => {
    const r = await serve([...proxyFlags(pki), "--proxy-addresses", "127.0.0.1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--proxy-addresses 127\.0\.0\.1 is loopback: inside a pod, `kubectl port-forward`/);
    expect(r.stderr).toMatch(/--proxy-sidecar/);
  });

  it("a client CA file that is not a certificate exits 2", async () => {
    const r = await serve([...proxyFlags(pki).slice(0, -1), pki.proxy.key]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--proxy-client-ca .*proxy\.key: not a PEM certificate/);
    const missing = await serve([...proxyFlags(pki).slice(0, -1), path.join(pki.dir, "absent.crt")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--proxy-client-ca .*absent\.crt: cannot read it/);
  });
});
