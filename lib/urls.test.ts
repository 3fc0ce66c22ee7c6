import { describe, expect, it } from "vitest";
import { api, kubePath, pages, queryString } from "./urls";

describe("page URLs", () => {
  it("encode every path segment, so context names with @ / : and spaces stay one segment", () => {
    expect(pages.cloneSet("arn:aws:eks/prod", "shop", "web")).toBe("/c/arn%3Aaws%3Aeks%2Fprod/ns/shop/clonesets/web");
    expect(pages.edit("admin@dev 1", "shop", "pods", "web-0")).toBe("/c/admin%40dev%201/ns/shop/pods/web-0/edit");
    expect(pages.cloneSetYaml("kind", "a?b", "c#d")).toBe("/c/kind/ns/a%3Fb/clonesets/c%23d/yaml");
    expect(pages.controllerRevision("kind", "shop", "web-7d9")).toBe("/c/kind/ns/shop/controllerrevisions/web-7d9");
    expect(pages.workload("kind", "shop", "clonesets", "web")).toBe(pages.cloneSet("kind", "shop", "web"));
    expect(pages.yaml("kind", "a?b", "clonesets", "c#d")).toBe(pages.cloneSetYaml("kind", "a?b", "c#d"));
    expect(pages.list("kind", "clonesets")).toBe(pages.cloneSets("kind"));
  });

  it("keep the list's filters in the query and leave empty ones out", () => {
    expect(pages.cloneSets("kind")).toBe("/c/kind/clonesets");
    expect(pages.cloneSets("kind", { ns: "shop", q: "", desc: false })).toBe("/c/kind/clonesets?ns=shop");
    expect(pages.cloneSets("kind", { ns: "a b", sort: "age", desc: true })).toBe(
      "/c/kind/clonesets?ns=a+b&sort=age&desc=1",
    );
  });

  it("carry the page to return to after sign-in as one query value", () => {
    expect(pages.signIn()).toBe("/signin");
    const next = pages.cloneSets("admin@dev", { ns: "shop" });
    const url = new URL(pages.signIn(next), "http://x");
    expect(url.pathname).toBe("/signin");
    expect(url.searchParams.get("next")).toBe(next);
  });
});

describe("API URLs", () => {
  it("address one object, its writes and its access reviews under the same encoded segments", () => {
    const object = api.object("kind-dev/1", "shop", "clonesets", "web");
    expect(object).toBe("/api/c/kind-dev%2F1/ns/shop/clonesets/web");
    expect(api.edit("kind-dev/1", "shop", "clonesets", "web")).toBe(`${object}/edit`);
    expect(api.update("kind-dev/1", "shop", "web")).toBe(`${object}/update`);
    expect(api.access("kind-dev/1", "shop", "clonesets", "web", { verb: "patch" })).toBe(`${object}/access?verb=patch`);
    expect(api.kruiseRolloutAction("kind-dev/1", "shop", "r1")).toBe("/api/c/kind-dev%2F1/ns/shop/rollouts/r1/action");
    expect(api.access("kind-dev/1", "shop", "rollouts", "r1", { verb: "patch", subresource: "status" })).toBe(
      "/api/c/kind-dev%2F1/ns/shop/rollouts/r1/access?verb=patch&subresource=status",
    );
  });

  it("put every streamed resource on one URL and omit ns for the all-namespaces scope", () => {
    expect(api.stream("kind", ["pods", "clonesets"], "shop")).toBe("/api/c/kind/stream?r=pods&r=clonesets&ns=shop");
    expect(api.stream("kind", ["pods"], "")).toBe("/api/c/kind/stream?r=pods");
    expect(api.stream("kind", ["pods"], null)).toBe("/api/c/kind/stream?r=pods");
  });
});

describe("Kubernetes API paths", () => {
  it("build namespaced objects, namespaced collections and cluster-wide collections", () => {
    expect(kubePath("/apis/apps.kruise.io/v1alpha1", "clonesets", "shop", "web")).toBe(
      "/apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets/web",
    );
    expect(kubePath("/api/v1", "pods", "shop")).toBe("/api/v1/namespaces/shop/pods");
    expect(kubePath("/api/v1", "pods")).toBe("/api/v1/pods");
  });
});

describe("queryString", () => {
  it("repeats array values, drops empty ones and encodes reserved characters", () => {
    expect(queryString({ r: ["a", "", "b"], ns: undefined, x: "1&2=3" })).toBe("?r=a&r=b&x=1%262%3D3");
    expect(queryString({ ns: null })).toBe("");
  });
});
