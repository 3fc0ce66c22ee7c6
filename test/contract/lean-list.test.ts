/**
 * Contract: the hub's LIST read without managedFields (lib/server/lean-json.ts) keeps what a whole parse keeps. On
 * both API servers, one pod or event LIST response, read with managedFields cut from its text, trims
 * (lib/server/hub/trim.ts) to exactly what the whole text trims to, with the same list metadata; the whole text does
 * carry managedFields, so the cut has something to do.
 */
import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { beforeAll, describe, expect, it } from "vitest";
import type { K8sObject } from "@/lib/k8s/wire";
import { trim } from "@/lib/server/hub/trim";
import { KubeClient, RawBody, type ListPage } from "@/lib/server/kube";
import { withoutManagedFields } from "@/lib/server/lean-json";
import { KINDS as KIND_HOMES } from "@/lib/kinds";
import { KINDS, useCluster } from "./lib/harness";
import { core, pod } from "./lib/fixtures";

describe.each(KINDS)("a LIST read without managedFields (%s)", (kind) => {
  const h = useCluster(kind, { ns: "lean" });

  beforeAll(async () => {
    const c = core(h.c.kubeConfig());
    for (const name of ["a", "b", "c"]) {
      await c.createNamespacedPod({ namespace: h.ns, body: pod(name) });
      await c.patchNamespacedPodStatus({
        namespace: h.ns,
        name,
        body: [{ op: "add", path: "/status/message", value: 'a "quoted" ] message' }],
      });
    }
    await c.createNamespacedEvent({
      namespace: h.ns,
      body: {
        metadata: { name: "a.1" },
        involvedObject: { kind: "Pod", name: "a", namespace: h.ns },
        reason: "Tested",
        message: "managedFields:[ in a message",
        type: "Normal",
      },
    });
  });

  for (const resource of ["pods", "events"] as const) {
    it(`${resource}: one response read whole and read without managedFields trims to the same objects`, async () => {
      const def = KIND_HOMES.get(resource);
      const cap = new RawBody();
      const opts = { middleware: [cap], middlewareMergeStrategy: "append" as const };
      const c = core(h.c.kubeConfig());
      await (resource === "pods"
        ? c.listNamespacedPod({ namespace: h.ns, resourceVersion: "0" }, opts)
        : c.listNamespacedEvent({ namespace: h.ns, resourceVersion: "0" }, opts));
      const whole = JSON.parse(cap.text!) as ListPage;
      const lean = JSON.parse(withoutManagedFields(cap.text!)) as ListPage;
      expect(whole.items.length).toBeGreaterThan(0);
      expect(whole.items.every((o) => Array.isArray(o.metadata.managedFields))).toBe(true);
      const kept = (items: K8sObject[]) => items.map((o) => trim(def, o));
      expect(kept(lean.items)).toEqual(kept(whole.items));
      expect(lean.metadata).toEqual(whole.metadata);

      // The hub's read (KubeClient.listPage) takes this path for the resource.
      const read = await new KubeClient(h.c.kubeConfig()).listPage(def, h.ns, {}, { withoutManagedFields: true });
      expect(read.items.length).toBe(whole.items.length);
      expect(read.items.some((o) => "managedFields" in o.metadata)).toBe(false);
    });
  }
});
