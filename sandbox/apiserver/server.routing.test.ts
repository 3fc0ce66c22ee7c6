import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, cloneSet } from "./testing";

let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0 });
});
afterAll(async () => {
  await h.close();
});

describe("discovery", () => {
  it("serves /version without a token, reporting a v1.20-like gitVersion", async () => {
    const r = await fetch(`${h.url}/version`);
    expect(r.status).toBe(200);
    expect((await r.json()).gitVersion).toBe("v1.20.2-sandbox");
  });

  it("lists CloneSets under apps.kruise.io/v1alpha1 with short name, scale and status subresources", async () => {
    const r = await call(h, "GET", "/apis/apps.kruise.io/v1alpha1");
    const byName = Object.fromEntries(r.body.resources.map((x: { name: string }) => [x.name, x]));
    expect(byName.clonesets).toMatchObject({
      kind: "CloneSet",
      namespaced: true,
      shortNames: ["clone"],
      singularName: "cloneset",
    });
    expect(byName["clonesets/scale"]).toMatchObject({ kind: "Scale", group: "autoscaling", version: "v1" });
    expect(byName["clonesets/status"].verbs).toEqual(["get", "patch", "update"]);
  });

  it("lists the groups it serves in /apis and core short names in /api/v1", async () => {
    const groups = (await call(h, "GET", "/apis")).body.groups.map((g: { name: string }) => g.name);
    expect(groups).toEqual(
      expect.arrayContaining(["apps", "apps.kruise.io", "apiextensions.k8s.io", "authorization.k8s.io"]),
    );
    const core = (await call(h, "GET", "/api/v1")).body.resources;
    expect(core.find((x: { name: string }) => x.name === "pods").shortNames).toEqual(["po"]);
  });

  it("publishes the CloneSet schema with its group-version-kind in OpenAPI v3", async () => {
    const root = (await call(h, "GET", "/openapi/v3")).body;
    const url = root.paths["apis/apps.kruise.io/v1alpha1"].serverRelativeURL;
    const doc = (await call(h, "GET", url)).body;
    const s = doc.components.schemas["io.kruise.apps.v1alpha1.CloneSet"];
    expect(s["x-kubernetes-group-version-kind"]).toEqual([
      { group: "apps.kruise.io", version: "v1alpha1", kind: "CloneSet" },
    ]);
    expect(s.properties.spec.properties.replicas.type).toBe("integer");
  });
});

describe("routing errors", () => {
  it("answers an unknown core resource with kube's 404 Status", async () => {
    const r = await call(h, "GET", "/api/v1/namespaces/default/widgets");
    expect(r.code).toBe(404);
    expect(r.body).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      reason: "NotFound",
      code: 404,
      message: "the server could not find the requested resource",
      details: {},
    });
  });

  it("answers an unknown resource in a custom group with the mux's plain-text 404", async () => {
    const r = await fetch(`${h.url}/apis/apps.kruise.io/v1alpha1/namespaces/default/widgets`, {
      headers: { Authorization: `Bearer ${h.tokens.admin}` },
    });
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await r.text()).toBe("404 page not found\n");
  });

  it("answers a missing object with a NotFound naming the resource", async () => {
    const r = await call(h, "GET", "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets/nope");
    expect(r.body).toMatchObject({
      code: 404,
      message: 'clonesets.apps.kruise.io "nope" not found',
      details: { name: "nope", group: "apps.kruise.io", kind: "clonesets" },
    });
  });

  it("refuses a verb the resource does not support with 405", async () => {
    const r = await call(h, "GET", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews");
    expect(r.code).toBe(405);
    expect(r.body.reason).toBe("MethodNotAllowed");
  });

  it("answers a subresource the type does not declare with 404", async () => {
    const r = await call(h, "GET", "/api/v1/namespaces/default/pods/x/scale");
    expect(r.code).toBe(404);
  });
});

describe("bad input", () => {
  const path = "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets";
  it("rejects malformed JSON with 400 and stores nothing", async () => {
    const r = await call(h, "POST", path, "{not json");
    expect(r.code).toBe(400);
    expect(r.body.kind).toBe("Status");
    expect((await call(h, "GET", path)).body.items).toEqual([]);
  });

  it("accepts YAML bodies", async () => {
    const yaml =
      "apiVersion: apps.kruise.io/v1alpha1\nkind: CloneSet\nmetadata: {name: from-yaml}\nspec:\n  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}\n";
    const r = await call(h, "POST", path, yaml, { contentType: "application/yaml" });
    expect(r.code).toBe(201);
    await call(h, "DELETE", `${path}/from-yaml`);
  });

  it("rejects bodies over 3 MiB with 413", async () => {
    const big = JSON.stringify({ ...cloneSet("big"), data: "x".repeat(3 * 1024 * 1024 + 10) });
    const r = await call(h, "POST", path, big).catch(() => ({ code: 413, body: {} }));
    expect(r.code).toBe(413);
  });

  it("rejects an object whose namespace differs from the URL's with 400", async () => {
    const r = await call(h, "POST", path, cloneSet("x", "other"));
    expect(r.code).toBe(400);
    expect(r.body.message).toBe(
      "the namespace of the provided object does not match the namespace sent on the request",
    );
  });

  it("keeps serving after bad requests", async () => {
    expect((await call(h, "GET", "/api/v1/namespaces")).code).toBe(200);
  });
});

describe("server-side printing", () => {
  it("returns a meta.k8s.io Table with the CloneSet printer columns for kubectl's Accept header", async () => {
    await call(
      h,
      "POST",
      "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets",
      cloneSet("printed", "default", 3),
    );
    const r = await call(h, "GET", "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets", undefined, {
      accept:
        "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json",
    });
    expect(r.body.kind).toBe("Table");
    const cols = r.body.columnDefinitions.map(
      (c: { name: string; priority: number }) => `${c.name}${c.priority ? "*" : ""}`,
    );
    expect(cols).toEqual([
      "Name",
      "DESIRED",
      "UPDATED",
      "UPDATED_READY",
      "UPDATED_AVAILABLE",
      "READY",
      "TOTAL",
      "AGE",
      "CONTAINERS*",
      "IMAGES*",
      "SELECTOR*",
    ]);
    const row = r.body.rows.find((x: { cells: unknown[] }) => x.cells[0] === "printed");
    expect(row.cells[1]).toBe(3);
    expect(row.cells[8]).toBe("main");
    expect(row.object.kind).toBe("PartialObjectMetadata");
  });

  it("prints pods with READY and STATUS columns", async () => {
    await call(h, "POST", "/api/v1/namespaces/default/pods", {
      metadata: { name: "pp" },
      spec: { containers: [{ name: "a", image: "i" }] },
    });
    const r = await call(h, "GET", "/api/v1/namespaces/default/pods/pp", undefined, {
      accept: "application/json;as=Table;v=v1;g=meta.k8s.io",
    });
    expect(r.body.columnDefinitions.slice(0, 5).map((c: { name: string }) => c.name)).toEqual([
      "Name",
      "Ready",
      "Status",
      "Restarts",
      "Age",
    ]);
    expect(r.body.rows[0].cells.slice(0, 3)).toEqual(["pp", "0/1", "Pending"]);
  });
});
