import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CoreV1Api } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/server/auth/client-address";
import { parseServeArgs } from "../../scripts/serve/options";
import { render } from "../contract/deploy-render";
import { ScriptedBrowser } from "./browser";
import { KINDS, NS, STAMP, unique, useConsole } from "./harness";

// The sign-in throttle cannot be turned against anyone else. Behind an ingress (a trusted proxy: its
// X-Forwarded-For names the client), failures count against the guesser's own address only; nothing a token
// merely claims (a JWT's iss/sub, unsigned as far as the console knows) is a key; a flood past the global
// ceiling slows every answer but still lets verified users in; and a per-user limit counts only sign-ins the
// cluster's TokenReview verified.
const INGRESS = "10.77.0.1";
const behindIngress = (client: string) =>
  new ScriptedBrowser({ "x-kruise-console-stamp": STAMP, "x-kruise-console-peer": INGRESS, "x-forwarded-for": client });

/** A token shaped like a service-account JWT naming `sub`, which no one signed. */
const forgedJwt = (iss: string, sub: string, n: number) =>
  [
    Buffer.from(JSON.stringify({ alg: "RS256", kid: "forged" })).toString("base64url"),
    Buffer.from(JSON.stringify({ iss, sub, n })).toString("base64url"),
    Buffer.from(`not-a-signature-${n}`).toString("base64url"),
  ].join(".");
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as Claims;
interface Claims {
  iss: string;
  sub: string;
}

describe.each(KINDS)("sign-in under attack (%s)", (kind) => {
  const con = useConsole(kind, {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_TRUSTED_PROXIES: "10.77.0.0/16",
    KRUISE_CONSOLE_SIGNIN_FAILURES: "5",
    KRUISE_CONSOLE_SIGNIN_GLOBAL_FAILURES: "30",
    KRUISE_CONSOLE_SIGNIN_SLOWDOWN_MS: "200",
    KRUISE_CONSOLE_SIGNIN_PER_USER: "4",
  });
  const net = kind === "sandbox" ? "198.51.100" : "203.0.113";
  /** The victim's token: on kube-apiserver a real service-account JWT (TokenRequest), on the sandbox the viewer's. */
  let victim: { token: string; claims: Claims };
  beforeAll(async () => {
    // each kind is a fresh console (useConsole builds a runtime per describe): its throttle starts empty
    if (kind === "sandbox") {
      victim = { token: con.c.tokens.viewer, claims: { iss: "kubernetes/serviceaccount", sub: "viewer" } };
      return;
    }
    const core = con.c.kubeConfig().makeApiClient(CoreV1Api);
    const name = unique("victim");
    await core.createNamespacedServiceAccount({ namespace: NS, body: { metadata: { name } } });
    const tr = await core.createNamespacedServiceAccountToken({
      name,
      namespace: NS,
      body: { spec: { audiences: [], expirationSeconds: 3600 } },
    });
    victim = { token: tr.status!.token, claims: claimsOf(tr.status!.token) };
  });

  it("ten forged JWTs naming the victim, from the attacker's address, do not lock the victim out", async () => {
    const attacker = behindIngress(`${net}.66`);
    let last = 0;
    for (let i = 0; i < 10; i++)
      last = (await attacker.signIn(forgedJwt(victim.claims.iss, victim.claims.sub, i))).status;
    expect(last).toBe(429);
    const held = await attacker.signIn(forgedJwt(victim.claims.iss, victim.claims.sub, 99));
    expect((await held.json()).message).toMatch(/^too many failed sign-ins from your address: try again in \d+ s$/);
    // the victim, elsewhere behind the same ingress
    const res = await behindIngress(`${net}.7`).signIn(victim.token);
    expect(res.status).toBe(200);
    // a client-written X-Forwarded-For entry left of the ingress's own is not believed
    expect((await behindIngress(`${net}.7, ${net}.66`).signIn("x")).status).toBe(429);
  });

  it("a spray of failures past the global ceiling slows sign-in for everyone but refuses no verified user", async () => {
    for (let i = 0; i < 40; i++) {
      const res = await behindIngress(`${net}.${100 + i}`).signIn(`spray-${i}`);
      expect(res.status).toBe(401);
    }
    const newcomer = await behindIngress(`${net}.9`).signIn(con.c.tokens.deployer);
    expect(newcomer.status).toBe(200);
    expect((await newcomer.json()).user).toMatchObject({ name: "deployer" });
  });

  it("a verified user past their own sign-in count is held back; others at the same address are not", async () => {
    const user = behindIngress(`${net}.10`);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await user.signIn(con.c.tokens["shop-reader"])).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const held = await user.signIn(con.c.tokens["shop-reader"]);
    expect((await held.json()).message).toMatch(/^too many sign-ins as "shop-reader" to this cluster: try again in/);
    expect((await behindIngress(`${net}.10`).signIn(con.c.tokens["payments-reader"])).status).toBe(200);
  });
});

describe("deploy/overlays/token", () => {
  it("trusts the ingress controller's network, so the throttle counts each client behind it and not the ingress", () => {
    const pod = render("token")
      .docs.filter((d) => d.kind === "Deployment")
      .map((d) => (d.spec as { template: { spec: { containers: { name: string; args?: string[] }[] } } }).template.spec)
      .find((s) => s.containers.some((c) => c.name === "console"))!;
    const o = parseServeArgs(pod.containers.find((c) => c.name === "console")!.args!);
    expect(o.mode).toBe("token");
    expect(o.trustedProxies.length).toBeGreaterThan(0);
    const via = (peer: string) =>
      new Headers({ "x-kruise-console-stamp": STAMP, "x-kruise-console-peer": peer, "x-forwarded-for": "203.0.113.9" });
    // an ingress controller pod (any of the usual pod networks) is believed; an outside peer is not
    for (const podIp of ["10.244.1.7", "172.17.0.4", "192.168.5.20", "fd00:10::7"])
      expect(clientAddress(via(podIp), STAMP, o.trustedProxies)).toBe("203.0.113.9");
    expect(clientAddress(via("198.51.100.1"), STAMP, o.trustedProxies)).toBe("198.51.100.1");
  });
});
