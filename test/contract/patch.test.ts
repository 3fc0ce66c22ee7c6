/**
 * Contract: the four PATCH content types (docs/kruise-rules.md §11.6, §11.7; apiserver
 * pkg/endpoints/handlers/patch.go): RFC 6902 JSON patch, RFC 7386 merge patch with the
 * resourceVersion precondition, strategic merge on built-ins and its 415 on custom resources.
 */
import { PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets, core, pod, FIELD_MANAGER } from "./lib/fixtures";

describe.each(KINDS)("PATCH content types (%s)", (kind) => {
  const h = useCluster(kind, { ns: "patch" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);

  it("JSON patch applies replace/add ops, with ~1 escaping in keys", async () => {
    await cs().create(cloneSet("jp"));
    const out = await cs().patch("jp", "json", [
      { op: "replace", path: "/spec/replicas", value: 3 },
      { op: "add", path: "/metadata/labels/example.com~1tier", value: "front" },
      { op: "test", path: "/spec/replicas", value: 3 },
    ]);
    expect(out.spec?.replicas).toBe(3);
    expect(out.metadata.labels).toMatchObject({ "example.com/tier": "front" });
  });

  it("JSON patch with a failing test op is 422 and changes nothing", async () => {
    const before = await cs().create(cloneSet("jp-test"));
    const f = await failure(
      cs().patch("jp-test", "json", [
        { op: "test", path: "/spec/replicas", value: 99 },
        { op: "replace", path: "/spec/replicas", value: 5 },
      ]),
    );
    expect(f.code).toBe(422);
    expect(f.body).toEqual(
      statusBody(422, "Invalid", "the server rejected our request due to an error in our request", {}),
    );
    const after = await cs().get("jp-test");
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it("JSON patch removing a missing path is 422", async () => {
    await cs().create(cloneSet("jp-missing"));
    const f = await failure(cs().patch("jp-missing", "json", [{ op: "remove", path: "/spec/nope" }]));
    expect(f.code).toBe(422);
    expect(f.body).toEqual(
      statusBody(422, "Invalid", "the server rejected our request due to an error in our request", {}),
    );
  });

  it("merge patch null deletes a key and arrays are replaced whole", async () => {
    await cs().create({ ...cloneSet("mp"), metadata: { name: "mp", labels: { app: "mp", drop: "me" } } });
    const out = await cs().patch("mp", "merge", {
      metadata: { labels: { drop: null } },
      spec: { template: { spec: { containers: [{ name: "only", image: "busybox:1" }] } } },
    });
    expect(out.metadata.labels).toEqual({ app: "mp" });
    // Compare name/image only: Kruise's mutating webhook (sandbox) defaults the new container's other fields.
    const containers = (out.spec?.template as { spec: { containers: { name: string; image: string }[] } }).spec
      .containers;
    expect(containers.map((c) => [c.name, c.image])).toEqual([["only", "busybox:1"]]);
  });

  it("merge patch carrying a stale metadata.resourceVersion is 409 Conflict (precondition)", async () => {
    const a = await cs().create(cloneSet("mp-rv"));
    await cs().patch("mp-rv", "merge", { spec: { replicas: 3 } });
    const f = await failure(
      cs().patch("mp-rv", "merge", {
        metadata: { resourceVersion: a.metadata.resourceVersion },
        spec: { replicas: 7 },
      }),
    );
    expect(f.code).toBe(409);
    expect(f.body).toEqual(
      statusBody(
        409,
        "Conflict",
        'Operation cannot be fulfilled on clonesets.apps.kruise.io "mp-rv": the object has been modified; please apply your changes to the latest version and try again',
        { name: "mp-rv", group: "apps.kruise.io", kind: "clonesets" },
      ),
    );
  });

  it("merge patch carrying the current resourceVersion succeeds", async () => {
    const a = await cs().create(cloneSet("mp-rv-ok"));
    const out = await cs().patch("mp-rv-ok", "merge", {
      metadata: { resourceVersion: a.metadata.resourceVersion },
      spec: { replicas: 7 },
    });
    expect(out.spec?.replicas).toBe(7);
  });

  it("strategic merge patch on a custom resource is 415 with the accepted media types", async () => {
    await cs().create(cloneSet("smp"));
    const f = await failure(cs().patch("smp", "strategic", { spec: { replicas: 3 } }));
    expect(f.code).toBe(415);
    expect(f.body).toEqual(
      statusBody(
        415,
        "UnsupportedMediaType",
        "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
      ),
    );
  });

  it("force on a non-apply patch is 422", async () => {
    await cs().create(cloneSet("force-mp"));
    const f = await failure(cs().patch("force-mp", "merge", { spec: { replicas: 3 } }, { force: true }));
    expect(f.code).toBe(422);
    expect(f.body).toMatchObject({
      reason: "Invalid",
      message: expect.stringContaining("force: Forbidden: may not be specified for non-apply patch"),
    });
  });

  it("strategic merge patch on a pod merges containers by name (the sidecar is kept)", async () => {
    const api = core(h.c.kubeConfig());
    await api.createNamespacedPod({
      namespace: h.ns,
      fieldManager: FIELD_MANAGER,
      body: pod("smp-pod", [
        { name: "app", image: "nginx:1.0" },
        { name: "sidecar", image: "envoy:1" },
      ]),
    });
    const out = await api.patchNamespacedPod(
      {
        name: "smp-pod",
        namespace: h.ns,
        fieldManager: FIELD_MANAGER,
        body: { spec: { containers: [{ name: "app", image: "nginx:2.0" }] } },
      },
      setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch),
    );
    expect(out.spec?.containers.map((c) => [c.name, c.image])).toEqual([
      ["app", "nginx:2.0"],
      ["sidecar", "envoy:1"],
    ]);
  });

  it("strategic merge patch on pods/status merges conditions by type (with kubectl's $setElementOrder)", async () => {
    const api = core(h.c.kubeConfig());
    await api.createNamespacedPod({ namespace: h.ns, fieldManager: FIELD_MANAGER, body: pod("smp-cond") });
    const smp = setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch);
    await api.patchNamespacedPodStatus(
      {
        namespace: h.ns,
        name: "smp-cond",
        fieldManager: FIELD_MANAGER,
        body: {
          status: {
            phase: "Running",
            conditions: [
              { type: "PodScheduled", status: "True" },
              { type: "Ready", status: "False", reason: "Starting" },
            ],
          },
        },
      },
      smp,
    );
    const out = await api.patchNamespacedPodStatus(
      {
        namespace: h.ns,
        name: "smp-cond",
        fieldManager: FIELD_MANAGER,
        body: {
          status: {
            "$setElementOrder/conditions": [{ type: "PodScheduled" }, { type: "Ready" }],
            conditions: [{ type: "Ready", status: "True", reason: null }],
          },
        },
      },
      smp,
    );
    expect(out.status?.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ["PodScheduled", "True", undefined],
      ["Ready", "True", undefined],
    ]);
    expect(out.status?.phase).toBe("Running");
  });
});
