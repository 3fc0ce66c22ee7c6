/**
 * Fixtures for the release previews (partition, rollback, scale, the action bar): a CloneSet "cart" whose pods run
 * one of two revisions, with real ControllerRevisions (lib/kruise/revision) so the in-place rule can read the change
 * between them. Pod shapes follow docs/observed-kruise.md §a.
 */
import { newControllerRevision } from "../revision/revision";
import type { CloneSet, CloneSetUpdateStrategy, ControllerRevision, Pod } from "../../k8s/objects";

export const NOW_MS = Date.parse("2026-11-22T12:00:00Z");
export const GOOD = "registry.example.com/shop/cart:1.4.0";
export const BAD = "registry.example.com/shop/cart:1.5.0";

export function cart(replicas: number, strategy: CloneSetUpdateStrategy, image = BAD): CloneSet {
  return {
    metadata: { name: "cart", namespace: "shop", uid: "cart-uid", generation: 4 },
    spec: {
      replicas,
      selector: { matchLabels: { app: "cart" } },
      template: { metadata: { labels: { app: "cart" } }, spec: { containers: [{ name: "app", image }] } },
      updateStrategy: strategy,
    },
  };
}

export const good: ControllerRevision = newControllerRevision(cart(1, {}, GOOD), 1);
export const bad: ControllerRevision = newControllerRevision(cart(1, {}, BAD), 2);
export const revName = (r: ControllerRevision) => r.metadata.name ?? "";

/** The CloneSet with the status the controller writes for these revisions and pod counts. */
export function withStatus(
  cs: CloneSet,
  current: ControllerRevision,
  update: ControllerRevision,
  updated = 0,
): CloneSet {
  const replicas = cs.spec.replicas ?? 1;
  return {
    ...cs,
    status: {
      observedGeneration: cs.metadata.generation,
      replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
      updatedReplicas: updated,
      updatedReadyReplicas: updated,
      currentRevision: revName(current),
      updateRevision: revName(update),
    },
  };
}

export interface PodOpts {
  rev?: ControllerRevision;
  readyAt?: string;
  ready?: boolean;
}

/** cart-<i>, Ready, on `rev` (default the good revision) with that revision's image. */
export function cartPod(i: number, o: PodOpts = {}): Pod {
  const rev = o.rev ?? good;
  const image = rev === bad ? BAD : GOOD;
  const ready = o.ready ?? true;
  return {
    metadata: {
      name: `cart-${i}`,
      namespace: "shop",
      uid: `cart-uid-${i}`,
      creationTimestamp: "2026-11-22T10:00:00Z",
      labels: { app: "cart", "controller-revision-hash": revName(rev) },
      ownerReferences: [
        { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "cart", uid: "cart-uid", controller: true },
      ],
    },
    spec: { containers: [{ name: "app", image }], nodeName: `node-${i}` },
    status: {
      phase: "Running",
      conditions: [
        { type: "Ready", status: ready ? "True" : "False", lastTransitionTime: o.readyAt ?? "2026-11-22T11:00:00Z" },
      ],
      containerStatuses: [{ name: "app", image, imageID: "x", ready, restartCount: 0 }],
    },
  };
}

export const cartPods = (n: number, o: (i: number) => PodOpts = () => ({})) =>
  Array.from({ length: n }, (_, i) => cartPod(i, o(i)));

/** Ready one minute apart, so Kruise's orders tell every pod apart. */
export const readyAt = (i: number) => `2026-11-22T11:${String(10 + i).padStart(2, "0")}:00Z`;
