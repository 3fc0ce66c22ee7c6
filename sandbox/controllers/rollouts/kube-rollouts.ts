// Client-node access to Rollouts and BatchReleases for the sandbox controllers, with explicit merge-patch content
// types. The Rollout status write is upstream's: a fresh GET, the whole status replaced by the controller's copy,
// an UPDATE of /status (docs/kruise-rollouts.md §5.1) — so a concurrent approve can be lost.
import { PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import type { BatchRelease, Rollout } from "@/lib/k8s/objects";
import { errorCode, type Kube } from "../kube";
import { ROLLOUT_GROUP, ROLLOUT_VERSION } from "./keys";

const merge = () => setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const ref = (plural: string, namespace: string) => ({
  group: ROLLOUT_GROUP,
  version: ROLLOUT_VERSION,
  plural,
  namespace,
});

export async function listRollouts(k: Kube, ns?: string): Promise<{ items: Rollout[] }> {
  return (await (ns
    ? k.custom.listNamespacedCustomObject(ref("rollouts", ns))
    : k.custom.listClusterCustomObject({ group: ROLLOUT_GROUP, version: ROLLOUT_VERSION, plural: "rollouts" }))) as {
    items: Rollout[];
  };
}

export async function listBatchReleases(k: Kube, ns?: string): Promise<{ items: BatchRelease[] }> {
  return (await (ns
    ? k.custom.listNamespacedCustomObject(ref("batchreleases", ns))
    : k.custom.listClusterCustomObject({
        group: ROLLOUT_GROUP,
        version: ROLLOUT_VERSION,
        plural: "batchreleases",
      }))) as {
    items: BatchRelease[];
  };
}

export async function patchObject(k: Kube, plural: string, ns: string, name: string, body: object): Promise<void> {
  await k.custom.patchNamespacedCustomObject({ ...ref(plural, ns), name, body, fieldManager: k.fieldManager }, merge());
}

/** Upstream's `updateRolloutStatusInternal`: GET, replace `status` whole, UPDATE /status; retried on conflict. */
export async function writeRolloutStatus(k: Kube, ns: string, name: string, status: object): Promise<Rollout> {
  for (let attempt = 0; ; attempt++) {
    const fresh = (await k.custom.getNamespacedCustomObject({ ...ref("rollouts", ns), name })) as Rollout;
    try {
      return (await k.custom.replaceNamespacedCustomObjectStatus({
        ...ref("rollouts", ns),
        name,
        body: { ...fresh, status },
        fieldManager: k.fieldManager,
      })) as Rollout;
    } catch (e) {
      if (errorCode(e) !== 409 || attempt >= 4) throw e;
    }
  }
}

/** UPDATE of the BatchRelease's /status; after this controller's own metadata patch (409), once more on a fresh read. */
export async function replaceBatchReleaseStatus(k: Kube, br: BatchRelease, status: object): Promise<void> {
  const r = { ...ref("batchreleases", br.metadata.namespace!), name: br.metadata.name };
  try {
    await k.custom.replaceNamespacedCustomObjectStatus({ ...r, body: { ...br, status }, fieldManager: k.fieldManager });
  } catch (e) {
    if (errorCode(e) !== 409) throw e;
    const fresh = (await k.custom.getNamespacedCustomObject(r)) as BatchRelease;
    if (fresh.metadata.generation !== br.metadata.generation) throw e; // the spec moved on: reconcile again
    await k.custom.replaceNamespacedCustomObjectStatus({
      ...r,
      body: { ...fresh, status },
      fieldManager: k.fieldManager,
    });
  }
}

export async function createBatchRelease(k: Kube, br: BatchRelease): Promise<void> {
  try {
    await k.custom.createNamespacedCustomObject({
      ...ref("batchreleases", br.metadata.namespace!),
      body: br,
      fieldManager: k.fieldManager,
    });
  } catch (e) {
    if (errorCode(e) !== 409) throw e; // a stale cache: it exists already
  }
}

/** Replace spec and annotations (upstream's UPDATE of the BatchRelease). */
export async function updateBatchRelease(
  k: Kube,
  ns: string,
  name: string,
  spec: BatchRelease["spec"],
  annotations: Record<string, string> | undefined,
): Promise<void> {
  const fresh = (await k.custom.getNamespacedCustomObject({ ...ref("batchreleases", ns), name })) as BatchRelease;
  const metadata = { ...fresh.metadata };
  if (annotations) metadata.annotations = annotations;
  else delete metadata.annotations;
  await k.custom.replaceNamespacedCustomObject({
    ...ref("batchreleases", ns),
    name,
    body: { ...fresh, metadata, spec },
    fieldManager: k.fieldManager,
  });
}

export async function deleteBatchRelease(k: Kube, ns: string, name: string): Promise<void> {
  try {
    await k.custom.deleteNamespacedCustomObject({ ...ref("batchreleases", ns), name });
  } catch (e) {
    if (errorCode(e) !== 404) throw e;
  }
}
