/**
 * Contract: server-side apply and managedFields (docs/kruise-rules.md §11.9; apiserver
 * pkg/endpoints/handlers/fieldmanager, structured-merge-diff conflict.go).
 */
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";
import { raw } from "./lib/raw";
import { stringify } from "yaml";

interface ManagedField {
  manager: string;
  operation: string;
  apiVersion: string;
  fieldsType: string;
  fieldsV1: Record<string, unknown>;
  time?: string;
  subresource?: string;
}
const managed = (o: { metadata: Record<string, unknown> }) => (o.metadata.managedFields ?? []) as ManagedField[];
const entry = (o: { metadata: Record<string, unknown> }, manager: string, operation: string) =>
  managed(o).find((m) => m.manager === manager && m.operation === operation);
const ownsReplicas = (m?: ManagedField) =>
  !!(m?.fieldsV1?.["f:spec"] as Record<string, unknown> | undefined)?.["f:replicas"];

const statusOf = (replicas: number) => ({
  replicas,
  readyReplicas: 0,
  availableReplicas: 0,
  updatedReplicas: 0,
  updatedReadyReplicas: 0,
});

/**
 * A partial apply configuration: only spec.replicas. Later appliers send this so that conflicts are
 * about replicas only (the sandbox, like a cluster with Kruise's mutating webhook, defaults the pod
 * template, so a full template from a second applier would also conflict on the atomic containers list).
 */
const replicasOnly = (name: string, replicas: number) => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name },
  spec: { replicas },
});

describe.each(KINDS)("server-side apply (%s)", (kind) => {
  const h = useCluster(kind, { ns: "ssa" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);

  it("apply without fieldManager is 422 on PatchOptions", async () => {
    const f = await failure(cs().patch("ssa-nofm", "apply", cloneSet("ssa-nofm"), { fieldManager: null }));
    expect(f.code).toBe(422);
    expect(f.body).toEqual(
      statusBody(
        422,
        "Invalid",
        'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
        {
          group: "meta.k8s.io",
          kind: "PatchOptions",
          causes: [
            {
              reason: "FieldValueRequired",
              message: "Required value: is required for apply patch",
              field: "fieldManager",
            },
          ],
        },
      ),
    );
  });

  it("apply creates a missing object and records an Apply entry owning the applied fields", async () => {
    const out = await cs().patch("ssa-new", "apply", cloneSet("ssa-new"), { fieldManager: "applier" });
    expect(out.metadata.generation).toBe(1);
    const m = entry(out, "applier", "Apply");
    expect(m).toMatchObject({ apiVersion: "apps.kruise.io/v1alpha1", fieldsType: "FieldsV1" });
    expect(m?.subresource).toBeUndefined();
    expect(ownsReplicas(m)).toBe(true);
    expect(Date.parse(String(m?.time))).not.toBeNaN();
  });

  it("a non-apply write records an Update entry under the given fieldManager", async () => {
    await cs().create(cloneSet("ssa-upd"), { fieldManager: "creator" });
    const out = await cs().patch("ssa-upd", "merge", { spec: { replicas: 4 } }, { fieldManager: "editor" });
    expect(entry(out, "creator", "Update")).toBeDefined();
    expect(ownsReplicas(entry(out, "editor", "Update"))).toBe(true);
    expect(ownsReplicas(entry(out, "creator", "Update"))).toBe(false);
  });

  it("applying a different value to a field another applier owns is 409 with a FieldManagerConflict cause", async () => {
    await cs().patch("ssa-c1", "apply", cloneSet("ssa-c1"), { fieldManager: "applier" });
    const f = await failure(cs().patch("ssa-c1", "apply", replicasOnly("ssa-c1", 9), { fieldManager: "intruder" }));
    expect(f.code).toBe(409);
    expect(f.body).toEqual(
      statusBody(409, "Conflict", 'Apply failed with 1 conflict: conflict with "applier": .spec.replicas', {
        causes: [{ reason: "FieldManagerConflict", message: 'conflict with "applier"', field: ".spec.replicas" }],
      }),
    );
  });

  it("the conflict names an Update owner with its apiVersion", async () => {
    await cs().create(cloneSet("ssa-c2"), { fieldManager: "creator" });
    await cs().patch("ssa-c2", "merge", { spec: { replicas: 4 } }, { fieldManager: "editor" });
    const f = await failure(cs().patch("ssa-c2", "apply", replicasOnly("ssa-c2", 9), { fieldManager: "applier" }));
    expect(f.code).toBe(409);
    expect(f.body.message).toBe(
      'Apply failed with 1 conflict: conflict with "editor" using apps.kruise.io/v1alpha1: .spec.replicas',
    );
    expect((f.body.details as { causes: unknown[] }).causes).toEqual([
      {
        reason: "FieldManagerConflict",
        message: 'conflict with "editor" using apps.kruise.io/v1alpha1',
        field: ".spec.replicas",
      },
    ]);
  });

  it("force=true takes the field over and removes it from the previous owner", async () => {
    await cs().patch("ssa-force", "apply", cloneSet("ssa-force"), { fieldManager: "applier" });
    const out = await cs().patch("ssa-force", "apply", replicasOnly("ssa-force", 9), {
      fieldManager: "intruder",
      force: true,
    });
    expect(out.spec?.replicas).toBe(9);
    expect(ownsReplicas(entry(out, "intruder", "Apply"))).toBe(true);
    expect(ownsReplicas(entry(out, "applier", "Apply"))).toBe(false);
  });

  it("applying the same value as another owner is not a conflict (shared ownership)", async () => {
    await cs().patch("ssa-share", "apply", cloneSet("ssa-share"), { fieldManager: "applier" });
    const out = await cs().patch("ssa-share", "apply", replicasOnly("ssa-share", 2), { fieldManager: "twin" });
    expect(ownsReplicas(entry(out, "applier", "Apply"))).toBe(true);
    expect(ownsReplicas(entry(out, "twin", "Apply"))).toBe(true);
  });

  it("a field the applier stops applying is removed when nobody else owns it", async () => {
    const withLabel = {
      ...cloneSet("ssa-drop"),
      metadata: { name: "ssa-drop", labels: { app: "ssa-drop", extra: "x" } },
    };
    await cs().patch("ssa-drop", "apply", withLabel, { fieldManager: "applier" });
    const out = await cs().patch("ssa-drop", "apply", cloneSet("ssa-drop"), { fieldManager: "applier" });
    expect(out.metadata.labels).toEqual({ app: "ssa-drop" });
  });

  it("a /status write is recorded as an Update entry owning the status fields", async () => {
    await cs().create(cloneSet("ssa-status"));
    const out = await cs().patch(
      "ssa-status",
      "merge",
      { status: statusOf(1) },
      { status: true, fieldManager: "ctrl" },
    );
    const fields = entry(out, "ctrl", "Update")?.fieldsV1 as Record<string, Record<string, unknown>>;
    expect(fields["f:status"]["f:replicas"]).toEqual({});
  });

  // managedFields[].subresource arrived in Kubernetes 1.22; v1.20 leaves it out.
  it.runIf(kind === "sandbox")(
    "newer-Kubernetes (1.22+) behaviour, sandbox-only: a /status write is recorded with subresource status",
    async () => {
      await cs().create(cloneSet("ssa-status-sub"));
      const out = await cs().patch(
        "ssa-status-sub",
        "merge",
        { status: statusOf(1) },
        { status: true, fieldManager: "ctrl" },
      );
      expect(entry(out, "ctrl", "Update")?.subresource).toBe("status");
    },
  );

  const applyRaw = (name: string, body: string) =>
    raw(h.c, {
      method: "PATCH",
      path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets/${name}?fieldManager=yaml-applier`,
      headers: { "Content-Type": "application/apply-patch+yaml" },
      body,
    });

  it("an apply body may be real YAML", async () => {
    const r = await applyRaw("ssa-yaml", stringify(cloneSet("ssa-yaml", { replicas: 3 })));
    expect(r.status, r.text).toBe(201);
    expect(r.json<{ spec: { replicas: number } }>().spec.replicas).toBe(3);
    const again = await applyRaw("ssa-yaml", stringify(cloneSet("ssa-yaml", { replicas: 4 })));
    expect(again.status).toBe(200);
  });

  it("malformed YAML in an apply body is 400", async () => {
    const r = await applyRaw("ssa-bad-yaml", "apiVersion: [\n");
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ kind: "Status", reason: "BadRequest", code: 400 });
    expect(r.json<{ message: string }>().message).toMatch(/^error decoding YAML: /);
  });

  it("managedFields in an apply body is 400", async () => {
    const body = {
      ...cloneSet("ssa-mf"),
      metadata: { name: "ssa-mf", managedFields: [{ manager: "x", operation: "Apply" }] },
    };
    const r = await applyRaw("ssa-mf", JSON.stringify(body));
    expect(r.status).toBe(400);
    expect(r.json()).toEqual(statusBody(400, "BadRequest", "metadata.managedFields must be nil"));
  });

  it("an apply body naming another object than the URL is 400", async () => {
    const r = await applyRaw("ssa-url", JSON.stringify(cloneSet("ssa-other")));
    expect(r.status).toBe(400);
    expect(r.json()).toEqual(
      statusBody(400, "BadRequest", "the name of the object (ssa-other) does not match the name on the URL (ssa-url)"),
    );
  });

  it("an apply carrying a stale resourceVersion is 409 Conflict", async () => {
    const first = await cs().patch("ssa-rv", "apply", cloneSet("ssa-rv"), { fieldManager: "applier" });
    await cs().patch("ssa-rv", "merge", { metadata: { labels: { bump: "1" } } });
    const stale = {
      ...cloneSet("ssa-rv"),
      metadata: { name: "ssa-rv", resourceVersion: first.metadata.resourceVersion },
    };
    const f = await failure(cs().patch("ssa-rv", "apply", stale, { fieldManager: "applier" }));
    expect(f.code).toBe(409);
    expect(f.body).toEqual(
      statusBody(
        409,
        "Conflict",
        'Operation cannot be fulfilled on clonesets.apps.kruise.io "ssa-rv": the object has been modified; please apply your changes to the latest version and try again',
        { name: "ssa-rv", group: "apps.kruise.io", kind: "clonesets" },
      ),
    );
  });
});
