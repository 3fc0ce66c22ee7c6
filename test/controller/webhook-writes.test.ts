/**
 * Writes Kruise's CloneSet webhook completes, on the sandbox API server and on kube-apiserver with the real
 * webhooks: who owns the defaulted fields, and when removing a field the webhook puts back stores something
 * (docs/kruise-rules.md §11.10). The editor's save outcome (lib/patch classifySave) is computed from the answers.
 */
import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import type { CloneSet } from "@/lib/k8s/objects";
import { classifySave, type JsonObject, type SaveOutcomeKind } from "@/lib/patch";
import { CONTROLLERS, useController } from "./lib/harness";
import { CLONESET, cloneSet } from "./lib/cloneset";
import { WorkloadClient } from "./lib/workload";

interface WriteRow {
  name: string;
  /** what the creator sends in updateStrategy besides the type */
  sent: Record<string, unknown>;
  outcome: SaveOutcomeKind;
}

const ROWS: WriteRow[] = [
  {
    name: "removing a partition its creator sent, which the webhook puts back, stores the managed-fields record only: new resourceVersion, same generation",
    sent: { partition: 0 },
    outcome: "metadata-only",
  },
  {
    name: "removing a partition no one sent (the webhook's default) stores nothing: same resourceVersion",
    sent: {},
    outcome: "unchanged",
  },
];

describe.each(CONTROLLERS)("writes the CloneSet webhook completes (%s)", (kind) => {
  const h = useController(kind, { ns: "webhook-writes" });
  const cs = () => new WorkloadClient<CloneSet>(h, CLONESET);
  const owned = (o: CloneSet, manager: string) =>
    JSON.stringify(o.metadata.managedFields?.find((m) => m.manager === manager)?.fieldsV1 ?? {});

  it("fields the webhook defaults on create belong to no manager", async () => {
    const created = await cs().create(cloneSet("owners", { replicas: 0 }));
    expect(created.spec.updateStrategy).toMatchObject({ partition: 0, maxSurge: 0, maxUnavailable: "20%" });
    const creator = created.metadata.managedFields?.[0]?.manager ?? "";
    expect(owned(created, creator)).toContain('"f:replicas"');
    expect(owned(created, creator)).not.toContain("f:partition");
    expect(owned(created, creator)).not.toContain("f:maxSurge");
  });

  it.each(ROWS)("$name", async (row) => {
    const name = `rm-${row.outcome}`;
    await cs().create(cloneSet(name, { replicas: 0, strategy: row.sent }));
    // Once the controller's status is written, nothing else writes the object.
    const before = await cs().settled(name);
    const answer = (await h
      .kc()
      .makeApiClient(CustomObjectsApi)
      .patchNamespacedCustomObject(
        {
          group: "apps.kruise.io",
          version: "v1alpha1",
          plural: "clonesets",
          namespace: h.ns,
          name,
          body: [{ op: "remove", path: "/spec/updateStrategy/partition" }],
          fieldManager: "kruise-console",
        },
        setHeaderOptions("Content-Type", PatchStrategy.JsonPatch),
      )) as CloneSet;
    expect(answer.spec.updateStrategy?.partition).toBe(0);
    expect(answer.metadata.generation).toBe(before.metadata.generation);
    expect(classifySave(before as unknown as JsonObject, answer as unknown as JsonObject).kind).toBe(row.outcome);
  });
});
