import path from "node:path";

/** Page and API URLs come from the app's own builder, so a spec cannot drift from the routes. */
export { api, pages } from "../../lib/urls";

/** Where serve.ts writes the sandbox kubeconfig that the dashboard and the specs' kubectl use (set per run by playwright.config.ts). */
export const E2E_KUBECONFIG = process.env.E2E_KUBECONFIG ?? path.resolve(__dirname, "../../.tmp/e2e/kubeconfig");

// The extra app instances serve.ts starts on the same sandbox (ports chosen by playwright.config.ts).
/** Token mode (users sign in with a bearer token). */
export const SHARED_URL = `http://127.0.0.1:${process.env.E2E_SHARED_PORT ?? "0"}`;
/** Local mode with --read-only. */
export const READONLY_URL = `http://127.0.0.1:${process.env.E2E_READONLY_PORT ?? "0"}`;
/**
 * Proxy mode over https: a spec acts as the auth proxy by presenting the proxy's client certificate
 * (PROXY_PKI.proxy) and sending X-Remote-User / X-Remote-Group.
 */
export const PROXY_URL = `https://127.0.0.1:${process.env.E2E_PROXY_PORT ?? "0"}`;
/**
 * Token mode on a Redis session store (a redis-server on loopback, REDIS_STORE_PORT), behind a "trusted proxy"
 * that is the spec itself: 127.0.0.1 is --trusted-proxies, so a spec's X-Forwarded-For names the client.
 */
export const REDIS_URL = `http://127.0.0.1:${process.env.E2E_REDIS_PORT ?? "0"}`;
export const REDIS_STORE_PORT = Number(process.env.E2E_REDIS_STORE_PORT ?? 0);
/** That instance's sign-in throttle: past this many failures from everyone, every sign-in is slowed. */
export const REDIS_GLOBAL_FAILURES = 20;
/** Where serve.ts makes the proxy instance's PKI (test/support/proxy-pki.ts names the files). */
export const PROXY_PKI_DIR = path.join(path.dirname(E2E_KUBECONFIG), "proxy-pki");
/** The token-mode instance's stdout+stderr (audit lines go to stdout). */
export const SHARED_LOG = process.env.E2E_SHARED_LOG ?? path.join(path.dirname(E2E_KUBECONFIG), "shared.log");
