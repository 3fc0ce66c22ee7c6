/**
 * Contract: writes to the status subresource are validated against the CRD's status schema
 * (apiextensions-apiserver pkg/registry/customresource strategy.go statusStrategy.ValidateUpdate), while a
 * main-resource write ignores `.status` altogether (the status strategy restores the stored one).
 */
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets, minimalStatus } from "./lib/fixtures";

const required = (field: string) => ({ reason: "FieldValueRequired", message: "Required value", field });

describe.each(KINDS)("status schema (%s)", (kind) => {
  const h = useCluster(kind, { ns: "stschema" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);

  it("a /status merge patch that leaves required status fields out is 422 Invalid naming each one", async () => {
    const before = await cs().create(cloneSet("st-req"));
    const f = await failure(cs().patch("st-req", "merge", { status: { replicas: 2 } }, { status: true }));
    expect(f.code).toBe(422);
    const missing = ["availableReplicas", "readyReplicas", "updatedReadyReplicas", "updatedReplicas"].map(
      (k) => `status.${k}`,
    );
    expect(f.body).toEqual(
      statusBody(
        422,
        "Invalid",
        `CloneSet.apps.kruise.io "st-req" is invalid: [${missing.map((m) => `${m}: Required value`).join(", ")}]`,
        { name: "st-req", group: "apps.kruise.io", kind: "CloneSet", causes: missing.map(required) },
      ),
    );
    // Nothing was stored.
    expect((await cs().get("st-req")).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it("a /status JSON patch removing one required field from a complete status is 422 for that field", async () => {
    await cs().create(cloneSet("st-rm"));
    const ok = await cs().patch("st-rm", "merge", { status: { ...minimalStatus, replicas: 2 } }, { status: true });
    expect(ok.status).toMatchObject({ ...minimalStatus, replicas: 2 });
    const f = await failure(
      cs().patch("st-rm", "json", [{ op: "remove", path: "/status/availableReplicas" }], { status: true }),
    );
    expect(f.body).toEqual(
      statusBody(
        422,
        "Invalid",
        'CloneSet.apps.kruise.io "st-rm" is invalid: status.availableReplicas: Required value',
        {
          name: "st-rm",
          group: "apps.kruise.io",
          kind: "CloneSet",
          causes: [required("status.availableReplicas")],
        },
      ),
    );
    expect((await cs().get("st-rm")).status).toMatchObject({ ...minimalStatus, replicas: 2 });
  });

  it("a main-resource merge patch with an incomplete status is accepted and the status part is ignored", async () => {
    await cs().create(cloneSet("st-main"));
    const out = await cs().patch("st-main", "merge", {
      metadata: { labels: { touched: "yes" } },
      status: { replicas: 2 },
    });
    expect(out.metadata.labels).toMatchObject({ touched: "yes" });
    expect(out.status).toBeUndefined();
  });
});
