import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, cloneSet } from "./testing";

let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0 });
  await call(h, "POST", "/api/v1/namespaces", { metadata: { name: "shop" } });
  await call(h, "POST", "/apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets", cloneSet("web", "shop"));
});
afterAll(async () => {
  await h.close();
});

const SHOP = "/apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets";
const merge = { contentType: "application/merge-patch+json" };

describe("authentication", () => {
  it("a missing or unknown token is 401 Unauthorized", async () => {
    const r = await fetch(`${h.url}/api/v1/namespaces`);
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ kind: "Status", reason: "Unauthorized", message: "Unauthorized" });
    expect((await call(h, "GET", "/api", undefined, { token: "bad" })).code).toBe(401);
  });

  it("health endpoints are open", async () => {
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
  });
});

describe("authorization", () => {
  it("viewer is refused a patch with kube's forbidden message", async () => {
    const r = await call(h, "PATCH", `${SHOP}/web`, { spec: { replicas: 3 } }, { ...merge, token: h.tokens.viewer });
    expect(r.body).toMatchObject({
      code: 403,
      reason: "Forbidden",
      details: { name: "web", group: "apps.kruise.io", kind: "clonesets" },
      message:
        'clonesets.apps.kruise.io "web" is forbidden: User "viewer" cannot patch resource "clonesets" in API group "apps.kruise.io" in the namespace "shop"',
    });
  });

  it("deployer may patch CloneSets in shop but not elsewhere, and may not delete them", async () => {
    expect(
      (await call(h, "PATCH", `${SHOP}/web`, { spec: { replicas: 3 } }, { ...merge, token: h.tokens.deployer })).code,
    ).toBe(200);
    const other = await call(h, "GET", "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets", undefined, {
      token: h.tokens.deployer,
    });
    expect(other.code).toBe(200);
    const del = await call(h, "DELETE", `${SHOP}/web`, undefined, { token: h.tokens.deployer });
    expect(del.code).toBe(403);
  });

  it("answers SelfSubjectAccessReviews from the same rules", async () => {
    const ask = (token: string, verb: string) =>
      call(
        h,
        "POST",
        "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
        {
          apiVersion: "authorization.k8s.io/v1",
          kind: "SelfSubjectAccessReview",
          spec: { resourceAttributes: { verb, group: "apps.kruise.io", resource: "clonesets", namespace: "shop" } },
        },
        { token },
      );
    expect((await ask(h.tokens.deployer, "patch")).body.status.allowed).toBe(true);
    expect((await ask(h.tokens.viewer, "patch")).body.status.allowed).toBe(false);
  });

  it("answers TokenReviews with the user behind a token", async () => {
    const r = await call(h, "POST", "/apis/authentication.k8s.io/v1/tokenreviews", {
      spec: { token: h.tokens.viewer },
    });
    expect(r.body.status).toMatchObject({ authenticated: true, user: { username: "viewer" } });
  });
});

describe("impersonation", () => {
  it("admin may act as viewer, and is then refused what viewer is refused", async () => {
    const r = await call(
      h,
      "PATCH",
      `${SHOP}/web`,
      { spec: { replicas: 2 } },
      { ...merge, headers: { "Impersonate-User": "viewer" } },
    );
    expect(r.code).toBe(403);
    expect(r.body.message).toContain('User "viewer" cannot patch');
  });

  it("users without the impersonate verb are refused", async () => {
    const r = await call(h, "GET", "/api/v1/namespaces", undefined, {
      token: h.tokens.deployer,
      headers: { "Impersonate-User": "admin" },
    });
    expect(r.body).toMatchObject({
      code: 403,
      message:
        'users "admin" is forbidden: User "deployer" cannot impersonate resource "users" in API group "" at the cluster scope',
    });
  });
});

describe("fault injection endpoint", () => {
  it("is admin-only", async () => {
    expect((await call(h, "GET", "/sandbox/faults", undefined, { token: h.tokens.viewer })).code).toBe(403);
    expect((await call(h, "GET", "/sandbox/faults")).body).toMatchObject({ latencyMs: 0, watchHistory: 10000 });
  });

  it("an error rate of 1 for a verb fails that verb with a Status and leaves others alone", async () => {
    await call(h, "PUT", "/sandbox/faults", { errorRate: { list: 1 }, errorCode: 503 });
    const r = await call(h, "GET", SHOP);
    expect(r.body).toMatchObject({ kind: "Status", code: 503, reason: "ServiceUnavailable" });
    expect((await call(h, "GET", `${SHOP}/web`)).code).toBe(200);
    await call(h, "PUT", "/sandbox/faults", { errorRate: {} });
    expect((await call(h, "GET", SHOP)).code).toBe(200);
  });

  it("shrinks the watch history on request", async () => {
    const r = await call(h, "PUT", "/sandbox/faults", { watchHistory: 5 });
    expect(r.body.watchHistory).toBe(5);
    expect(h.faults.get().watchHistory).toBe(5);
  });
});
