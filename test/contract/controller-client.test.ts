/**
 * Contract: the client the sandbox controllers write with (sandbox/controllers/kube.ts) behaves the same on any API
 * server. It reads responses untyped and a write's resourceVersion straight from the JSON text, and sends its
 * requests over node's http itself, so what client-node's typed path did for it must hold here: the version a write
 * returns is the one the object then has, a LIST gives the wire shapes (timestamps stay strings), errors keep the
 * server's code and message, and a DELETE with options in its body deletes what it names and nothing else.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { errorCode, errorMessage, Kube } from "@/sandbox/controllers/kube";
import type { Pod } from "@/lib/k8s/objects";
import { KINDS, useCluster } from "./lib/harness";

const pod = (ns: string, name: string): Pod => ({
  metadata: { name, namespace: ns, labels: { app: "client" } },
  spec: { containers: [{ name: "app", image: "nginx:1.25" }] },
});

describe.each(KINDS)("the controllers' client (%s)", (kind) => {
  const h = useCluster(kind, { ns: "client" });
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  const kube = () => new Kube(h.c.kubeConfig(), "client-contract");

  it("a status patch returns the resourceVersion the pod then has, and a LIST gives plain objects", async () => {
    const k = kube();
    await k.createPod(pod(h.ns, "a"));
    const w = await k.patchPod(h.ns, "a", { status: { conditions: [{ type: "Ready", status: "False" }] } }, true);
    const stored = await core().readNamespacedPod({ name: "a", namespace: h.ns });
    expect(w.resourceVersion).toBe(stored.metadata?.resourceVersion);
    const listed = (await k.listPods(h.ns)).items.find((p) => p.metadata.name === "a")!;
    expect(listed.metadata.resourceVersion).toBe(w.resourceVersion);
    expect(typeof listed.metadata.creationTimestamp).toBe("string");
  });

  it("a write the server refuses fails with its code and message", async () => {
    const e = await kube()
      .patchPod(h.ns, "missing", { metadata: { labels: { x: "y" } } })
      .catch((err: unknown) => err);
    expect(errorCode(e)).toBe(404);
    expect(errorMessage(e)).toMatch(/missing/);
  });

  it("a DELETE with a uid precondition and grace 0 removes the pod, and the next request on the connection works", async () => {
    const k = kube();
    await k.createPod(pod(h.ns, "b"));
    const uid = (await core().readNamespacedPod({ name: "b", namespace: h.ns })).metadata!.uid!;
    const stale = await k.deletePod(h.ns, "b", 0, "not-" + uid).catch((err: unknown) => err);
    expect(errorCode(stale)).toBe(409);
    await k.deletePod(h.ns, "b", 0, uid);
    const e = await core()
      .readNamespacedPod({ name: "b", namespace: h.ns })
      .catch((err: unknown) => err);
    expect(errorCode(e)).toBe(404);
    await k.createPod(pod(h.ns, "c"));
    expect((await k.listPods(h.ns)).items.map((p) => p.metadata.name)).toContain("c");
  });
});
