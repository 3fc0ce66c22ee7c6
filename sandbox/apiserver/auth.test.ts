import { describe, expect, it } from "vitest";
import { Auth, loadUsers } from "./auth";
import { DEFAULT_USERS } from "./paths";

const auth = new Auth(loadUsers(DEFAULT_USERS));
const user = (token: string) => auth.authenticate(`Bearer ${token}`)!;
const tokens = auth.tokens();

describe("users file and RBAC rules", () => {
  it("authenticates the shipped users and rejects unknown tokens", () => {
    expect(user(tokens.admin).groups).toContain("system:masters");
    expect(auth.authenticate("Bearer nope")).toBeNull();
    expect(auth.authenticate(undefined)).toBeNull();
  });

  it("viewer may read clonesets but not patch them or read secrets", () => {
    const v = user(tokens.viewer);
    expect(
      auth.authorize(v, { verb: "list", group: "apps.kruise.io", resource: "clonesets", namespace: "shop" }).allowed,
    ).toBe(true);
    expect(
      auth.authorize(v, { verb: "patch", group: "apps.kruise.io", resource: "clonesets", namespace: "shop" }).allowed,
    ).toBe(false);
    expect(auth.authorize(v, { verb: "get", group: "", resource: "secrets", namespace: "shop" }).allowed).toBe(false);
  });

  it("deployer may patch clonesets and their scale only in namespace shop", () => {
    const d = user(tokens.deployer);
    const patch = (namespace: string, subresource?: string) =>
      auth.authorize(d, { verb: "patch", group: "apps.kruise.io", resource: "clonesets", subresource, namespace })
        .allowed;
    expect(patch("shop")).toBe(true);
    expect(patch("shop", "scale")).toBe(true);
    expect(patch("shop", "status")).toBe(false);
    expect(patch("default")).toBe(false);
    expect(auth.authorize(d, { verb: "create", group: "", resource: "events", namespace: "shop" }).allowed).toBe(true);
  });

  it("every authenticated user may create a SelfSubjectAccessReview and read discovery", () => {
    const v = user(tokens.viewer);
    expect(
      auth.authorize(v, { verb: "create", group: "authorization.k8s.io", resource: "selfsubjectaccessreviews" })
        .allowed,
    ).toBe(true);
    expect(auth.authorize(v, { verb: "get", path: "/apis" }).allowed).toBe(true);
    expect(auth.authorize(v, { verb: "get", path: "/sandbox/faults" }).allowed).toBe(false);
  });

  it("only admin may impersonate", () => {
    expect(
      auth.authorize(user(tokens.admin), { verb: "impersonate", group: "", resource: "users", name: "viewer" }).allowed,
    ).toBe(true);
    expect(
      auth.authorize(user(tokens.deployer), { verb: "impersonate", group: "", resource: "users", name: "admin" })
        .allowed,
    ).toBe(false);
  });
});
