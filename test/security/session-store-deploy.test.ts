import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServeArgs } from "../../scripts/serve/options";
import { render, type K8sDoc, type Overlay } from "../contract/deploy-render";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { makePki } from "../support/certs";
import { ScriptedBrowser } from "./browser";
import { useConsole } from "./harness";
import { readConsoleConfig } from "@/lib/server/auth/config";
import { buildRuntime, replaceRuntime } from "@/lib/server/runtime";

/** A console built from the environment as it is now, in place of the one before (closing its store connection). */
const reconfigure = () => replaceRuntime(buildRuntime(readConsoleConfig(process.env)));

// The session store as shipped: Redis reached over TLS only (rediss://, its certificate checked against the
// CA in Secret kruise-console-redis-tls), with a password, and NetworkPolicies that let only the console reach
// Redis and only the ingress reach the console. Then the same set-up live: a TLS-only, password-protected
// redis-server, which the console uses with the CA and password files and refuses to use any other way.

interface Container {
  name: string;
  args?: string[];
  env?: { name: string; value?: string }[];
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; secret?: { secretName: string; items?: { key: string }[] } }[];
}
interface Policy {
  podSelector: { matchLabels: Record<string, string> };
  policyTypes: string[];
  ingress: { from?: Record<string, { matchLabels: Record<string, string> }>[]; ports?: { port: string }[] }[];
}

const matches = (sel: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(sel).every(([k, v]) => labels[k] === v);

function rendered(overlay: Overlay) {
  const { docs } = render(overlay);
  const deployments = docs.filter((d) => d.kind === "Deployment");
  const pod = (d: K8sDoc) =>
    (d.spec as { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } }).template;
  const consoleDoc = deployments.find((d) => pod(d).spec.containers.some((c) => c.name === "console"))!;
  const redisDoc = deployments.find((d) => pod(d).spec.containers.some((c) => c.name === "redis"));
  const policies = docs.filter((d) => d.kind === "NetworkPolicy").map((d) => d.spec as unknown as Policy);
  return { console: pod(consoleDoc), redis: redisDoc && pod(redisDoc), policies };
}

describe.each(["token", "proxy"] as const)("deploy/overlays/%s: the session store", (overlay) => {
  const r = rendered(overlay);
  const c = r.console.spec.containers.find((x) => x.name === "console")!;
  const env = Object.fromEntries((c.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, e.value]));
  const o = parseServeArgs(c.args ?? [], env);
  /** The Secret (and its keys) mounted where `file` lives in the console container. */
  const secretOf = (file: string) => {
    const m = c.volumeMounts!.find((v) => file.startsWith(`${v.mountPath}/`))!;
    const s = r.console.spec.volumes!.find((v) => v.name === m.name)!.secret!;
    return { name: s.secretName, keys: (s.items ?? []).map((i) => i.key) };
  };

  it("is rediss:// with a password file and a CA file, each from its Secret; the console gets the CA, not the server key", () => {
    expect(o.sessionStore).toMatch(/^rediss:\/\//);
    expect(secretOf(o.sessionStorePasswordFile!)).toEqual({ name: "kruise-console-redis", keys: ["password"] });
    expect(secretOf(o.sessionStoreCaFile!)).toEqual({ name: "kruise-console-redis-tls", keys: ["ca.crt"] });
    const args = r.redis!.spec.containers[0].args!;
    const flag = (f: string) => args[args.indexOf(f) + 1];
    expect(flag("--port")).toBe("0"); // no plain-text port at all
    expect(flag("--tls-port")).toBe(new URL(o.sessionStore).port);
    expect(flag("--requirepass")).toBe("$(REDIS_PASSWORD)");
  });

  it("only the console's pods may connect to Redis, and only the ingress controller's namespace to the console", () => {
    const forRedis = r.policies.filter((p) => matches(p.podSelector.matchLabels, r.redis!.metadata.labels));
    expect(forRedis).toHaveLength(1);
    const sources = forRedis[0].ingress.flatMap((i) => i.from ?? []);
    expect(sources).toHaveLength(1);
    expect(Object.keys(sources[0])).toEqual(["podSelector"]);
    expect(matches(sources[0].podSelector.matchLabels, r.console.metadata.labels)).toBe(true);
    expect(matches(sources[0].podSelector.matchLabels, r.redis!.metadata.labels)).toBe(false);

    const forConsole = r.policies.filter((p) => matches(p.podSelector.matchLabels, r.console.metadata.labels));
    expect(forConsole).toHaveLength(1);
    expect(forConsole[0].policyTypes).toEqual(["Ingress"]);
    const from = forConsole[0].ingress.flatMap((i) => i.from ?? []);
    expect(from.map((f) => Object.keys(f))).toEqual([["namespaceSelector"]]);
  });
});

describe("deploy/overlays/local", () => {
  it("admits no one over the pod network (port-forward is the way in)", () => {
    const r = rendered("local");
    const forConsole = r.policies.filter((p) => matches(p.podSelector.matchLabels, r.console.metadata.labels));
    expect(forConsole.map((p) => p.ingress)).toEqual([[]]);
  });
});

describe("a TLS-only Redis with a password, as deploy/components/redis runs it (sandbox)", () => {
  let redis: TestRedis;
  let dir: string;
  const env: Record<string, string> = { KRUISE_CONSOLE_MODE: "token" };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kc-redis-tls-"));
    const pki = makePki(path.join(dir, "pki"));
    redis = await startRedis({
      tls: { cert: pki.serverCert, key: pki.serverKey, ca: pki.caCert },
      password: "s3cret-redis-password",
    });
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text, { mode: 0o600 });
      return path.join(dir, name);
    };
    Object.assign(env, {
      KRUISE_CONSOLE_SESSION_STORE: redis.url,
      KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE: file("password", "s3cret-redis-password\n"),
      KRUISE_CONSOLE_SESSION_STORE_CA_FILE: pki.caCert,
      KRUISE_CONSOLE_SESSION_KEY_FILE: file("session.key", `${Buffer.alloc(32, 7).toString("base64")}\n`),
    });
  });
  const con = useConsole("sandbox", env);
  afterAll(async () => {
    await redis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("signs in over rediss:// with the CA and the password, and the session holds", async () => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens.viewer)).status).toBe(200);
    expect(await (await b.session()).json()).toMatchObject({ signedIn: true, user: { name: "viewer" } });
    expect(redis.cli("DBSIZE").trim()).not.toBe("0");
  });

  it("refuses to use it in plain text, without the CA or without the password: 503 session store unreachable", async () => {
    const tls = redis.url;
    const ca = env.KRUISE_CONSOLE_SESSION_STORE_CA_FILE;
    const password = env.KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE;
    const tries: Record<string, string | undefined>[] = [
      { KRUISE_CONSOLE_SESSION_STORE: tls.replace("rediss:", "redis:") },
      { KRUISE_CONSOLE_SESSION_STORE_CA_FILE: undefined },
      { KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE: undefined },
    ];
    try {
      for (const t of tries) {
        for (const [k, v] of Object.entries(t))
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        await reconfigure(); // the configuration is read once per console: a console started this way
        const res = await new ScriptedBrowser().signIn(con.c.tokens.viewer);
        expect(res.status, JSON.stringify(t)).toBe(503);
        expect((await res.json()).message).toMatch(/^session store unreachable: rediss?:\/\/127\.0\.0\.1:\d+/);
        Object.assign(process.env, {
          KRUISE_CONSOLE_SESSION_STORE: tls,
          KRUISE_CONSOLE_SESSION_STORE_CA_FILE: ca,
          KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE: password,
        });
      }
    } finally {
      Object.assign(process.env, {
        KRUISE_CONSOLE_SESSION_STORE: tls,
        KRUISE_CONSOLE_SESSION_STORE_CA_FILE: ca,
        KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE: password,
      });
      await reconfigure();
    }
  });
});
