/**
 * CloneSets and Kruise Rollouts a spec makes for itself, in a namespace of its own, and what kubectl says of them:
 * the pods by revision and image, polled for a condition (never slept on).
 */
import { expect } from "./fixtures";
import { ensureNamespace, kubectl, kubectlApply, kubectlJson } from "./cluster";

export interface PodJ {
  metadata: { name: string; uid: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: { name: string; image: string }[] };
}
export interface CloneSetJ {
  metadata: { generation: number };
  spec: { replicas: number; updateStrategy: { partition?: number | string; paused?: boolean } };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    updateRevision?: string;
    currentRevision?: string;
  };
}

/** A namespace per test and repeat, so repeats run side by side. */
export function ownNamespace(prefix: string, repeat: number): string {
  const ns = `${prefix}-${Math.random().toString(36).slice(2, 7)}-${repeat}`;
  ensureNamespace(ns);
  return ns;
}

export interface Strategy {
  type?: "ReCreate" | "InPlaceIfPossible" | "InPlaceOnly";
  partition?: number | string;
  maxSurge?: number | string;
  maxUnavailable?: number | string;
}

export function applyCloneSet(ns: string, name: string, replicas: number, image: string, strategy: Strategy = {}) {
  kubectlApply({
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image }] } },
      updateStrategy: { type: "InPlaceIfPossible", ...strategy },
    },
  });
}

export const cloneSet = (ns: string, name: string) =>
  kubectlJson<CloneSetJ>("get", "clonesets.apps.kruise.io", name, "-n", ns);

export const pods = (ns: string, name: string) =>
  kubectlJson<{ items: PodJ[] }>("get", "pods", "-n", ns, "-l", `app=${name}`).items.filter(
    (p) => !p.metadata.deletionTimestamp,
  );

export const onRevision = (ns: string, name: string, rev: string) =>
  pods(ns, name).filter((p) => p.metadata.labels?.["controller-revision-hash"] === rev);

export const imagesRun = (ns: string, name: string) =>
  [...new Set(pods(ns, name).flatMap((p) => p.spec.containers.map((c) => c.image)))].sort();

/** Polls kubectl until `f` gives a value; generous for a loaded machine. */
export async function until<T>(what: string, f: () => T | undefined | false, timeout = 120_000): Promise<T> {
  let v: T | undefined | false;
  await expect
    .poll(
      () => {
        try {
          v = f();
        } catch {
          v = undefined; // a busy sandbox: kubectl timed out; ask again
        }
        return !!v;
      },
      { message: what, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return v as T;
}

/** All `replicas` pods ready on one revision, and that revision's name. */
export function settledOn(ns: string, name: string, replicas: number): string | undefined {
  const s = cloneSet(ns, name).status;
  return s?.updatedReadyReplicas === replicas && s.readyReplicas === replicas && s.replicas === replicas
    ? s.updateRevision
    : undefined;
}

export function dropNamespace(ns: string): void {
  kubectl("delete", "namespace", ns, "--wait=false");
}
