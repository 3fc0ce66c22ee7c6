/**
 * Writes a scenario makes on pods as their users would: a label or annotation set or removed by a JSON merge
 * patch (no resourceVersion, so the controller's own writes to the pod never make it conflict).
 */
import { CoreV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import type { ControllerHandle } from "./harness";

/** `null` removes a key. */
export type MetaChange = { labels?: Record<string, string | null>; annotations?: Record<string, string | null> };

export async function patchPodMeta(h: ControllerHandle, name: string, metadata: MetaChange): Promise<void> {
  await h
    .kc()
    .makeApiClient(CoreV1Api)
    .patchNamespacedPod(
      { namespace: h.ns, name, body: { metadata } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
}
