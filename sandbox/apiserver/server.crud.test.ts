import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, cloneSet } from "./testing";
import type { Obj } from "./types";

let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0 });
});
afterAll(async () => {
  await h.close();
});

const CS = "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets";

describe("create and read", () => {
  it("assigns uid, creationTimestamp, generation 1 and a resourceVersion; GET returns the same", async () => {
    const c = await call(h, "POST", CS, cloneSet("a"));
    expect(c.code).toBe(201);
    expect(c.body.metadata).toMatchObject({ generation: 1, namespace: "default" });
    expect(c.body.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    const g = await call(h, "GET", `${CS}/a`);
    expect(g.body.metadata.resourceVersion).toBe(c.body.metadata.resourceVersion);
  });

  it("answers a second create of the same name with 409 AlreadyExists", async () => {
    const r = await call(h, "POST", CS, cloneSet("a"));
    expect(r.body).toMatchObject({
      code: 409,
      reason: "AlreadyExists",
      message: 'clonesets.apps.kruise.io "a" already exists',
    });
  });

  it("generates names from generateName", async () => {
    const body = cloneSet("");
    body.metadata = { generateName: "gen-" };
    const r = await call(h, "POST", CS, body);
    expect(r.body.metadata.name).toMatch(/^gen-[a-z0-9]{5}$/);
  });

  it("drops .status on create because CloneSets have a status subresource", async () => {
    const r = await call(h, "POST", CS, { ...cloneSet("with-status"), status: { replicas: 9 } });
    expect(r.body.status).toBeUndefined();
  });

  it("refuses to create in a namespace that does not exist", async () => {
    const r = await call(
      h,
      "POST",
      "/apis/apps.kruise.io/v1alpha1/namespaces/nowhere/clonesets",
      cloneSet("x", "nowhere"),
    );
    expect(r.body).toMatchObject({ code: 404, message: 'namespaces "nowhere" not found' });
  });
});

describe("update (PUT)", () => {
  it("answers a stale resourceVersion with 409 Conflict worded like kube", async () => {
    const cur = (await call(h, "GET", `${CS}/a`)).body;
    await call(h, "PUT", `${CS}/a`, { ...cur, metadata: { ...cur.metadata, labels: { x: "1" } } });
    const r = await call(h, "PUT", `${CS}/a`, cur);
    expect(r.body).toMatchObject({
      code: 409,
      reason: "Conflict",
      details: { name: "a", group: "apps.kruise.io", kind: "clonesets" },
      message:
        'Operation cannot be fulfilled on clonesets.apps.kruise.io "a": the object has been modified; please apply your changes to the latest version and try again',
    });
  });

  it("answers a PUT without resourceVersion on a custom resource with 422 built from the resource name", async () => {
    const cur = (await call(h, "GET", `${CS}/a`)).body;
    delete cur.metadata.resourceVersion;
    const r = await call(h, "PUT", `${CS}/a`, cur);
    expect(r.body).toMatchObject({
      code: 422,
      reason: "Invalid",
      details: { kind: "clonesets", causes: [{ field: "metadata.resourceVersion" }] },
      message:
        'clonesets.apps.kruise.io "a" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update',
    });
  });

  it("answers a PUT to a missing object with 404", async () => {
    const r = await call(h, "PUT", `${CS}/ghost`, {
      ...cloneSet("ghost"),
      metadata: { name: "ghost", resourceVersion: "1" },
    });
    expect(r.code).toBe(404);
  });

  it("bumps generation on spec changes only, not on label changes", async () => {
    let cur = (await call(h, "GET", `${CS}/a`)).body;
    const gen = cur.metadata.generation;
    cur = (await call(h, "PUT", `${CS}/a`, { ...cur, metadata: { ...cur.metadata, labels: { y: "2" } } })).body;
    expect(cur.metadata.generation).toBe(gen);
    cur = (await call(h, "PUT", `${CS}/a`, { ...cur, spec: { ...cur.spec, replicas: 7 } })).body;
    expect(cur.metadata.generation).toBe(gen + 1);
  });

  it("a no-op update keeps the resourceVersion", async () => {
    const cur = (await call(h, "GET", `${CS}/a`)).body;
    const r = await call(h, "PUT", `${CS}/a`, cur);
    expect(r.body.metadata.resourceVersion).toBe(cur.metadata.resourceVersion);
  });
});

describe("writes the CloneSet webhook completes (managed fields recorded before admission, as kube-apiserver 1.20)", () => {
  const JSON_PATCH = { contentType: "application/json-patch+json" };
  const removePartition = [{ op: "remove", path: "/spec/updateStrategy/partition" }];
  const owned = (o: Obj, manager: string) =>
    JSON.stringify(o.metadata.managedFields?.find((m: Obj) => m.manager === manager)?.fieldsV1 ?? {});

  it("fields the webhook defaults on create belong to no manager", async () => {
    const c = await call(h, "POST", `${CS}?fieldManager=creator`, cloneSet("wh-owned"));
    expect(c.body.spec.updateStrategy.partition).toBe(0);
    expect(owned(c.body, "creator")).toContain('"f:replicas"');
    expect(owned(c.body, "creator")).not.toContain("f:partition");
    expect(owned(c.body, "creator")).not.toContain("f:revisionHistoryLimit");
  });

  it("removing a partition its creator set, which the webhook puts back, stores new managed fields: new resourceVersion, same generation", async () => {
    const body = cloneSet("wh-meta");
    body.spec.updateStrategy = { partition: 0 };
    const c = await call(h, "POST", `${CS}?fieldManager=creator`, body);
    expect(owned(c.body, "creator")).toContain("f:partition");
    const r = await call(h, "PATCH", `${CS}/wh-meta?fieldManager=editor`, removePartition, JSON_PATCH);
    expect(r.body.spec.updateStrategy.partition).toBe(0);
    expect(r.body.metadata.resourceVersion).not.toBe(c.body.metadata.resourceVersion);
    expect(r.body.metadata.generation).toBe(c.body.metadata.generation);
    expect(owned(r.body, "creator")).not.toContain("f:partition");
  });

  it("removing a partition nobody owns, which the webhook puts back, is a no-op: same resourceVersion", async () => {
    const c = await call(h, "POST", `${CS}?fieldManager=creator`, cloneSet("wh-noop"));
    const r = await call(h, "PATCH", `${CS}/wh-noop?fieldManager=editor`, removePartition, JSON_PATCH);
    expect(r.body.metadata.resourceVersion).toBe(c.body.metadata.resourceVersion);
    expect(r.body.metadata.managedFields).toEqual(c.body.metadata.managedFields);
  });
});

describe("status and scale subresources", () => {
  it("main-resource writes ignore .status and /status writes change only .status (no generation bump)", async () => {
    const cur = (await call(h, "GET", `${CS}/a`)).body;
    const status = {
      replicas: 1,
      readyReplicas: 1,
      availableReplicas: 1,
      updatedReplicas: 1,
      updatedReadyReplicas: 1,
      labelSelector: "app=a",
    };
    const s = await call(h, "PUT", `${CS}/a/status`, { ...cur, spec: { ...cur.spec, replicas: 99 }, status });
    expect(s.code).toBe(200);
    expect(s.body.status.replicas).toBe(1);
    expect(s.body.spec.replicas).toBe(cur.spec.replicas);
    expect(s.body.metadata.generation).toBe(cur.metadata.generation);
    const m = await call(h, "PUT", `${CS}/a`, { ...s.body, status: { ...status, replicas: 5 } });
    expect(m.body.status.replicas).toBe(1);
  });

  it("GET /scale returns an autoscaling/v1 Scale with the selector from status.labelSelector; PATCH scales", async () => {
    const g = await call(h, "GET", `${CS}/a/scale`);
    expect(g.body).toMatchObject({
      kind: "Scale",
      apiVersion: "autoscaling/v1",
      status: { replicas: 1, selector: "app=a" },
    });
    const p = await call(
      h,
      "PATCH",
      `${CS}/a/scale`,
      { spec: { replicas: 4 } },
      { contentType: "application/merge-patch+json" },
    );
    expect(p.body.spec.replicas).toBe(4);
    expect((await call(h, "GET", `${CS}/a`)).body.spec.replicas).toBe(4);
  });
});

describe("patch", () => {
  it("a merge patch carrying a stale metadata.resourceVersion is a 409 precondition failure", async () => {
    const r = await call(
      h,
      "PATCH",
      `${CS}/a`,
      { metadata: { resourceVersion: "1" }, spec: { replicas: 3 } },
      { contentType: "application/merge-patch+json" },
    );
    expect(r.body).toMatchObject({ code: 409, reason: "Conflict" });
  });

  it("strategic merge patch on a custom resource is 415 with the accepted media types", async () => {
    const r = await call(
      h,
      "PATCH",
      `${CS}/a`,
      { spec: { replicas: 3 } },
      { contentType: "application/strategic-merge-patch+json" },
    );
    expect(r.body).toMatchObject({
      code: 415,
      reason: "UnsupportedMediaType",
      message:
        "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
    });
  });

  it("force on a non-apply patch is 422", async () => {
    const r = await call(
      h,
      "PATCH",
      `${CS}/a?force=true`,
      { spec: {} },
      { contentType: "application/merge-patch+json" },
    );
    expect(r.body.message).toContain("force: Forbidden: may not be specified for non-apply patch");
  });

  it("server-side apply requires fieldManager and may create the object", async () => {
    const body = JSON.stringify(cloneSet("applied"));
    const missing = await call(h, "PATCH", `${CS}/applied`, body, { contentType: "application/apply-patch+yaml" });
    expect(missing.body).toMatchObject({
      code: 422,
      details: { causes: [{ field: "fieldManager", reason: "FieldValueRequired" }] },
    });
    const r = await call(h, "PATCH", `${CS}/applied?fieldManager=tester`, body, {
      contentType: "application/apply-patch+yaml",
    });
    expect(r.code).toBe(201);
    expect(r.body.metadata.managedFields[0]).toMatchObject({ manager: "tester", operation: "Apply" });
  });

  it("records Update managedFields under the User-Agent's program name when no fieldManager is given", async () => {
    const r = await call(
      h,
      "PATCH",
      `${CS}/a`,
      { metadata: { labels: { z: "1" } } },
      { contentType: "application/merge-patch+json", headers: { "User-Agent": "mytool/1.0 (linux)" } },
    );
    expect(r.body.metadata.managedFields.map((m: { manager: string }) => m.manager)).toContain("mytool");
  });
});

describe("dryRun=All", () => {
  it("validates and answers without storing or bumping the resourceVersion", async () => {
    const before = (await call(h, "GET", CS)).body.metadata.resourceVersion;
    const c = await call(h, "POST", `${CS}?dryRun=All`, cloneSet("dry"));
    expect(c.code).toBe(201);
    expect((await call(h, "GET", `${CS}/dry`)).code).toBe(404);
    const p = await call(
      h,
      "PATCH",
      `${CS}/a?dryRun=All`,
      { spec: { replicas: 42 } },
      { contentType: "application/merge-patch+json" },
    );
    expect(p.body.spec.replicas).toBe(42);
    expect((await call(h, "GET", `${CS}/a`)).body.spec.replicas).not.toBe(42);
    await call(h, "DELETE", `${CS}/a?dryRun=All`);
    expect((await call(h, "GET", `${CS}/a`)).code).toBe(200);
    expect((await call(h, "GET", CS)).body.metadata.resourceVersion).toBe(before);
  });
});

describe("fieldValidation (a Kubernetes 1.25+ behaviour; v1.20 prunes silently)", () => {
  it("Strict rejects unknown fields with 400, default prunes them", async () => {
    const body = { ...cloneSet("strict"), spec: { ...cloneSet("strict").spec, bogus: 1 } };
    const s = await call(h, "POST", `${CS}?fieldValidation=Strict`, body);
    expect(s.body).toMatchObject({ code: 400, message: 'strict decoding error: unknown field "spec.bogus"' });
    const d = await call(h, "POST", CS, body);
    expect(d.code).toBe(201);
    expect(d.body.spec.bogus).toBeUndefined();
  });
});
