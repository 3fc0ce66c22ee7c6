import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CoreV1Api } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";
import { readSse, ScriptedBrowser } from "./browser";
import { NS, unique } from "./harness";
import { DEV, PROD, useTwoClusterConsole } from "./two-clusters";

// Identity belongs to the cluster that vouched for it: `dev` (sandbox) and `prod` (kube-apiserver) both
// have a user named "viewer", with different tokens. A session is for the cluster whose TokenReview
// accepted it; the other cluster is "sign in to <cluster>", never read or written under that name.
describe("token mode over two clusters whose users differ", () => {
  const t = useTwoClusterConsole();
  const pod = unique("prod-secret-pod");

  beforeAll(async () => {
    // A pod only prod has, with an env value that must never reach a dev-only session.
    await t.prod
      .kubeConfig()
      .makeApiClient(CoreV1Api)
      .createNamespacedPod({
        namespace: NS,
        body: {
          metadata: { name: pod },
          spec: {
            containers: [{ name: "app", image: "nginx", env: [{ name: "DB_PASSWORD", value: "prod-only-value" }] }],
          },
        },
      });
  });

  it("a token only dev accepts reads dev, and every prod route answers 401 sign in to prod, streams included", async () => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(t.dev.tokens.viewer, DEV)).status).toBe(200);
    const devStream = await readSse(await b.stream(DEV, `r=pods&ns=${NS}`), (x) => x.includes("event: snapshot"));
    expect(devStream).toContain("event: snapshot");

    const stream = await b.stream(PROD, "r=pods");
    const text = await stream.text();
    expect(stream.status).toBe(401);
    expect(text).not.toContain(pod);
    expect(text).not.toContain("prod-only-value");
    expect(JSON.parse(text)).toMatchObject({ code: 401, message: expect.stringMatching(/^sign in to "prod"/) });
    for (const res of [
      await b.object(PROD, NS, "pods", pod),
      await b.access(PROD, NS, "web"),
      await b.rollout(PROD, NS, "web", { action: "pause", base: { generation: 1 } }),
      await b.edit(PROD, NS, "clonesets", "web", { base: "", mine: "", preview: true }),
    ]) {
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(/^sign in to "prod"/);
    }
    expect(t.con.audit.at(-1)).toMatchObject({ user: null, cluster: PROD, result: { code: 401 } });
    expect(b.received.join("\n")).not.toContain("prod-only-value");
  });

  it("prod's own TokenReview decides: dev's token cannot sign in there, prod's token can, and each cluster acts as its own user", async () => {
    const b = new ScriptedBrowser();
    await b.signIn(t.dev.tokens.viewer, DEV);
    const refused = await b.signIn(t.dev.tokens.viewer, PROD);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toMatch(/cluster "prod" did not accept this token/);
    expect((await b.session(PROD)).status).toBe(401);

    expect((await b.signIn(t.prod.tokens.deployer, PROD)).status).toBe(200);
    const session = await (await b.session(PROD)).json();
    expect(session).toMatchObject({ signedIn: true, cluster: PROD, user: { name: "deployer" } });
    expect(session.clusters.map((c: { cluster: string; user: { name: string } }) => [c.cluster, c.user.name])).toEqual([
      [DEV, "viewer"],
      [PROD, "deployer"],
    ]);
    // the same browser is the viewer on dev and the deployer on prod
    expect(await (await b.access(DEV, NS, "web")).json()).toMatchObject({ allowed: false });
    expect(await (await b.access(PROD, NS, "web")).json()).toMatchObject({ allowed: true });
    const prodStream = await readSse(await b.stream(PROD, `r=pods&ns=${NS}`), (x) => x.includes(pod));
    expect(prodStream).toContain(pod);
  });

  it("the cluster list says which clusters the browser is signed in to", async () => {
    const b = new ScriptedBrowser();
    await b.signIn(t.dev.tokens.viewer, DEV);
    expect((await b.clusters()).status).toBe(200);
    const s = await (await b.session(PROD)).json();
    expect(s).toMatchObject({ signedIn: false, message: expect.stringMatching(/^sign in to "prod"/) });
    expect(s.clusters.map((c: { cluster: string }) => c.cluster)).toEqual([DEV]);
    expect(typeof s.csrf).toBe("string");
  });

  it("signs out of one cluster, then of all", async () => {
    const b = new ScriptedBrowser();
    await b.signIn(t.dev.tokens.viewer, DEV);
    await b.signIn(t.prod.tokens.viewer, PROD);
    const out = await b.signOut(PROD);
    expect(out.headers.get("set-cookie")).toBeNull(); // dev is still signed in
    expect((await b.object(PROD, NS, "pods", pod)).status).toBe(401);
    expect((await b.access(DEV, NS, "web")).status).toBe(200);
    const stolen = b.cookie;
    expect((await b.signOut()).headers.get("set-cookie")).toMatch(/Max-Age=0/);
    b.cookie = stolen;
    expect((await b.access(DEV, NS, "web")).status).toBe(401);
    expect((await b.clusters()).status).toBe(401);
  });

  it("an unknown cluster cannot be signed in to", async () => {
    const res = await new ScriptedBrowser().signIn(t.dev.tokens.viewer, "staging");
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(`unknown cluster "staging"`);
  });
});
