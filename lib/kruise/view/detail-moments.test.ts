/**
 * The detail page in the moments when the CloneSet and its pods disagree: every panel must say the same thing,
 * derived from one snapshot (docs/kruise-rules.md §3.1, §10, §11.5).
 */
import { describe, expect, it } from "vitest";
import { cloneSetDetailView } from "./detail";
import { NOW, cloneSet, pod, revisions } from "./fixtures";
import type { ViewCloneSet, ViewPod } from "./types";

const NEW = "ro-659d94d4c9";
const allUpdated = () => Array.from({ length: 10 }, (_, i) => pod(i, { updated: true }));
const rolledOutStatus = {
  readyReplicas: 10,
  availableReplicas: 10,
  updatedReplicas: 10,
  updatedReadyReplicas: 10,
  updatedAvailableReplicas: 10,
  expectedUpdatedReplicas: 10,
  currentRevision: NEW,
};
const view = (cs: ViewCloneSet, pods: ViewPod[]) => cloneSetDetailView(cs, pods, revisions(), [], NOW);
const stepReady = (d: ReturnType<typeof view>) => d.update.steps.reduce((n, s) => n + s.ready, 0);

describe("one snapshot for every panel of the detail", () => {
  it("while the generation is ahead of observedGeneration every state says waiting for the controller", () => {
    // A rollback was just written: the status still describes the rolled-out previous spec.
    const cs = cloneSet(rolledOutStatus, 0);
    cs.metadata = { ...cs.metadata, generation: 3 };
    const d = view(cs, allUpdated());
    expect(d.header.statusStale).toBe(true);
    expect(d.header.phase).toBe("waiting-for-controller");
    expect(d.update.state).toBe("waiting-for-controller");
  });

  it("right after a batch, status already rolled out but a pod not ready yet: not rolled out, counts from the pods", () => {
    const pods = allUpdated();
    pods[9] = pod(9, { updated: true, updating: true });
    const d = view(cloneSet(rolledOutStatus, 0), pods);
    expect(d.update.state).toBe("rolling");
    expect(d.header.phase).toBe("rolling");
    expect(d.header.ready).toBe(9);
    expect(d.update.progress).toMatchObject({ updated: 10, updatedReady: 9, updatedAvailable: 9 });
    expect(d.header.updatedReady).toBe(stepReady(d));
  });

  it("pods all moved and ready before the status caught up: rolled out everywhere, numbers from the pods", () => {
    const d = view(
      cloneSet({ updatedReplicas: 9, updatedReadyReplicas: 8, expectedUpdatedReplicas: 10 }, 0),
      allUpdated(),
    );
    expect(d.update.state).toBe("complete");
    expect(d.header.phase).toBe("complete");
    expect([d.header.updated, d.header.updatedReady, d.header.updatedAvailable]).toEqual([10, 10, 10]);
    expect(stepReady(d)).toBe(10);
  });

  it("before the pod list arrives the status counts stand in, so nothing reads zero", () => {
    const d = cloneSetDetailView(cloneSet(rolledOutStatus, 0), [], revisions(), [], NOW, { podsLoaded: false });
    expect(d.header.ready).toBe(10);
    expect(d.update.progress.updatedAvailable).toBe(10);
  });

  it("pods held by the in-place-update hook: the header, the batches and the step name the hook", () => {
    const cs = cloneSet({}, 7);
    cs.spec = { ...cs.spec, lifecycle: { inPlaceUpdate: { labelsHandler: { "example.com/hold": "true" } } } };
    const pods = Array.from({ length: 10 }, (_, i) => pod(i));
    for (const i of [0, 1, 2]) {
      pods[i].metadata!.labels = {
        ...pods[i].metadata!.labels,
        "lifecycle.apps.kruise.io/state": "PreparingUpdate",
        "example.com/hold": "true",
      };
    }
    const d = view({ ...cs, status: { ...cs.status, updatedReplicas: 0, updatedReadyReplicas: 0 } }, pods);
    expect(d.update.state).toBe("waiting-for-hook");
    expect(d.header.phase).toBe("waiting-for-hook");
    expect([d.update.remaining, d.update.heldByHook]).toEqual([3, 3]);
    expect(d.update.waits.map((w) => w.text)).toEqual([
      "waiting for the in-place-update hook on 3 pods: remove label example.com/hold=true (owned by your hook controller)",
    ]);
  });
});
