/**
 * Contract: authentication and RBAC as clients see them (apiserver
 * pkg/endpoints/filters/authentication.go, authorization.go; apimachinery errors.NewForbidden),
 * and access reviews (authorization.k8s.io/v1). Users: admin (system:masters), viewer (read all
 * but secrets), deployer (read + patch/update clonesets, create events in `shop`), nobody (no rights).
 */
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";
import { raw } from "./lib/raw";
import type { TestUser } from "../support/clusters";

const forbidden = (message: string, details: Record<string, unknown>) => statusBody(403, "Forbidden", message, details);

describe.each(KINDS)("authentication and RBAC (%s)", (kind) => {
  const h = useCluster(kind, { ns: "rbac" });
  const cs = (user: TestUser, ns = "shop") => clonesets(h.c.kubeConfig(user), ns);
  const review = async (user: TestUser, path: string, spec: object) =>
    raw(h.c, {
      method: "POST",
      path,
      user,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        apiVersion: "authorization.k8s.io/v1",
        kind: path.includes("self") ? "SelfSubjectAccessReview" : "SubjectAccessReview",
        spec,
      }),
    });
  const ssar = (user: TestUser, attrs: object) =>
    review(user, "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", { resourceAttributes: attrs });

  it("a bad bearer token is 401 Unauthorized", async () => {
    const r = await raw(h.c, { path: "/api/v1/namespaces", token: "not-a-real-token" });
    expect(r.status).toBe(401);
    expect(r.json()).toEqual(statusBody(401, "Unauthorized", "Unauthorized"));
  });

  it("no credentials at all is 401 Unauthorized (anonymous auth off)", async () => {
    const r = await raw(h.c, { path: "/apis/apps.kruise.io/v1alpha1/clonesets", user: null });
    expect(r.status).toBe(401);
    expect(r.json()).toEqual(statusBody(401, "Unauthorized", "Unauthorized"));
  });

  it("a user without bindings gets 403 with the real message (namespaced list)", async () => {
    const f = await failure(cs("nobody").api.listNamespacedCustomObject({ ...cs("nobody").base }));
    expect(f.code).toBe(403);
    expect(f.body).toEqual(
      forbidden(
        'clonesets.apps.kruise.io is forbidden: User "nobody" cannot list resource "clonesets" in API group "apps.kruise.io" in the namespace "shop"',
        { group: "apps.kruise.io", kind: "clonesets" },
      ),
    );
  });

  it("403 at the cluster scope for a core resource", async () => {
    const r = await raw(h.c, { path: "/api/v1/namespaces", user: "nobody" });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(
      forbidden(
        'namespaces is forbidden: User "nobody" cannot list resource "namespaces" in API group "" at the cluster scope',
        { kind: "namespaces" },
      ),
    );
  });

  it("the viewer reads clonesets but may not patch them; the 403 names the object", async () => {
    await cs("admin").create(cloneSet("rbac-v"));
    expect((await cs("viewer").get("rbac-v")).metadata.name).toBe("rbac-v");
    const f = await failure(cs("viewer").patch("rbac-v", "merge", { spec: { replicas: 3 } }));
    expect(f.code).toBe(403);
    expect(f.body).toEqual(
      forbidden(
        'clonesets.apps.kruise.io "rbac-v" is forbidden: User "viewer" cannot patch resource "clonesets" in API group "apps.kruise.io" in the namespace "shop"',
        { name: "rbac-v", group: "apps.kruise.io", kind: "clonesets" },
      ),
    );
  });

  it("the viewer may not read secrets", async () => {
    const r = await raw(h.c, { path: "/api/v1/namespaces/shop/secrets", user: "viewer" });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(
      forbidden(
        'secrets is forbidden: User "viewer" cannot list resource "secrets" in API group "" in the namespace "shop"',
        { kind: "secrets" },
      ),
    );
  });

  it("the deployer patches clonesets in shop only, and may not delete them", async () => {
    await cs("admin").create(cloneSet("rbac-d"));
    await cs("admin", h.ns).create(cloneSet("rbac-d"));
    expect((await cs("deployer").patch("rbac-d", "merge", { spec: { replicas: 4 } })).spec?.replicas).toBe(4);
    const other = await failure(cs("deployer", h.ns).patch("rbac-d", "merge", { spec: { replicas: 4 } }));
    expect(other.code).toBe(403);
    expect(other.body.message).toBe(
      `clonesets.apps.kruise.io "rbac-d" is forbidden: User "deployer" cannot patch resource "clonesets" in API group "apps.kruise.io" in the namespace "${h.ns}"`,
    );
    const del = await failure(cs("deployer").delete("rbac-d"));
    expect(del.code).toBe(403);
    expect(del.body.message).toBe(
      'clonesets.apps.kruise.io "rbac-d" is forbidden: User "deployer" cannot delete resource "clonesets" in API group "apps.kruise.io" in the namespace "shop"',
    );
  });

  it.each([
    ["viewer", "list", "shop", true],
    ["viewer", "patch", "shop", false],
    ["deployer", "patch", "shop", true],
    ["deployer", "patch", "default", false],
    ["nobody", "get", "shop", false],
    ["admin", "delete", "default", true],
  ] as const)("SelfSubjectAccessReview: %s %s clonesets in %s → allowed %s", async (user, verb, namespace, allowed) => {
    const r = await ssar(user, { verb, group: "apps.kruise.io", resource: "clonesets", namespace });
    expect(r.status).toBe(201);
    const body = r.json<{ kind: string; status: { allowed: boolean } }>();
    expect(body.kind).toBe("SelfSubjectAccessReview");
    expect(body.status.allowed).toBe(allowed);
  });

  it("SubjectAccessReview by the admin answers for another user", async () => {
    const ask = (namespace: string) =>
      review("admin", "/apis/authorization.k8s.io/v1/subjectaccessreviews", {
        user: "deployer",
        resourceAttributes: { verb: "patch", group: "apps.kruise.io", resource: "clonesets", namespace },
      });
    const yes = await ask("shop");
    expect(yes.status).toBe(201);
    expect(yes.json<{ status: { allowed: boolean } }>().status.allowed).toBe(true);
    expect((await ask("default")).json<{ status: { allowed: boolean } }>().status.allowed).toBe(false);
  });

  it("SubjectAccessReview is forbidden to the viewer", async () => {
    const r = await review("viewer", "/apis/authorization.k8s.io/v1/subjectaccessreviews", {
      user: "admin",
      resourceAttributes: { verb: "get", resource: "pods", namespace: "shop" },
    });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(
      forbidden(
        'subjectaccessreviews.authorization.k8s.io is forbidden: User "viewer" cannot create resource "subjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope',
        { group: "authorization.k8s.io", kind: "subjectaccessreviews" },
      ),
    );
  });

  it("the admin may impersonate a user; the request is then authorized as that user", async () => {
    const r = await raw(h.c, { path: "/api/v1/namespaces/shop/secrets", headers: { "Impersonate-User": "viewer" } });
    expect(r.status).toBe(403);
    expect(r.json<{ message: string }>().message).toBe(
      'secrets is forbidden: User "viewer" cannot list resource "secrets" in API group "" in the namespace "shop"',
    );
  });

  it("impersonated groups count: a made-up user in system:masters may list namespaces, alone it may not", async () => {
    const asGhost = (headers: Record<string, string>) =>
      raw(h.c, { path: "/api/v1/namespaces", headers: { "Impersonate-User": "ghost", ...headers } });
    expect((await asGhost({ "Impersonate-Group": "system:masters" })).status).toBe(200);
    const alone = await asGhost({});
    expect(alone.status).toBe(403);
    expect(alone.json<{ message: string }>().message).toBe(
      'namespaces is forbidden: User "ghost" cannot list resource "namespaces" in API group "" at the cluster scope',
    );
  });

  it("a user without the impersonate verb may not impersonate", async () => {
    const r = await raw(h.c, { path: "/api/v1/namespaces", user: "viewer", headers: { "Impersonate-User": "admin" } });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(
      forbidden(
        'users "admin" is forbidden: User "viewer" cannot impersonate resource "users" in API group "" at the cluster scope',
        { name: "admin", kind: "users" },
      ),
    );
  });

  it("TokenReview by the admin authenticates a known token and rejects an unknown one", async () => {
    const ask = (token: string) =>
      raw(h.c, {
        method: "POST",
        path: "/apis/authentication.k8s.io/v1/tokenreviews",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token } }),
      });
    const known = await ask(h.c.tokens.viewer);
    expect(known.status).toBe(201);
    const ks = known.json<{ status: { authenticated: boolean; user: { username: string; groups: string[] } } }>()
      .status;
    expect(ks.authenticated).toBe(true);
    expect(ks.user.username).toBe("viewer");
    expect(ks.user.groups).toContain("system:authenticated");
    const unknown = await ask("not-a-real-token");
    expect(unknown.json<{ status: { authenticated?: boolean } }>().status.authenticated ?? false).toBe(false);
  });
});
