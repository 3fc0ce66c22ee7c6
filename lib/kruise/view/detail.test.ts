import { describe, expect, it } from "vitest";
import { cloneSetDetailView } from "./detail";
import { parseInPlaceState } from "./inplace";
import { NOW, cloneSet, events, pod, pods, revisions } from "./fixtures";

describe("CloneSet detail", () => {
  const detail = cloneSetDetailView(cloneSet(), pods(), revisions(), events(), NOW);

  it("lists only the CloneSet's revisions, newest .revision first, with images and pod counts", () => {
    expect(detail.revisions.map((r) => [r.name, r.revision, r.isUpdate, r.isCurrent, r.pods])).toEqual([
      ["ro-659d94d4c9", 2, true, false, 3],
      ["ro-5b76c46c9b", 1, false, true, 7],
    ]);
    expect(detail.revisions[1].images).toEqual([
      { container: "app", image: "nginx:1.0" },
      { container: "sidecar", image: "busybox:1" },
    ]);
  });

  it("groups pods by revision with the update revision first", () => {
    expect(detail.groups.map((g) => [g.revision, g.isUpdate, g.pods.length])).toEqual([
      ["ro-659d94d4c9", true, 3],
      ["ro-5b76c46c9b", false, 7],
    ]);
  });

  it("shows per-pod in-place state, images and imageIDs", () => {
    const p7 = detail.pods.find((p) => p.name === "ro-p7")!;
    expect(p7.inPlace).toMatchObject({
      revision: "ro-659d94d4c9",
      updateTimestamp: "2026-11-22T11:14:06Z",
      batchLabel: "batch 1 of 1",
      pendingContainers: [],
    });
    expect(p7.containers[0]).toMatchObject({ name: "app", specImage: "nginx:2.0", imageID: "sha-2", restarts: 1 });
    expect(p7.inPlaceUpdateReady).toEqual({ status: "True", reason: "" });
    expect(p7.lifecycle).toBe("Normal");
  });

  it("shows the rollout as steps of pods moved in place, with what is stuck and why", () => {
    expect(detail.update.steps).toEqual([
      { at: "2026-11-22T11:14:06Z", how: "in-place", pods: ["ro-p7", "ro-p8"], ready: 2, inProgress: 0, failing: 0 },
      { at: "2026-11-22T11:14:09Z", how: "in-place", pods: ["ro-p9"], ready: 0, inProgress: 0, failing: 1 },
    ]);
    expect(detail.update.state).toBe("stuck");
    expect(detail.update.remaining).toBe(0);
    expect(detail.update.heldByPartition).toBe(7);
    expect(detail.update.stuck).toEqual([
      {
        pod: "ro-p9",
        revision: "ro-659d94d4c9",
        container: "app",
        reason: "ImagePullBackOff",
        message: `Back-off pulling image "nginx:2.0"`,
      },
    ]);
  });

  it("calls the header stuck, not rolling, when the current step has failing pods", () => {
    expect(detail.header.phase).toBe("stuck");
  });

  it("says the rollout is held by the partition once the target is available", () => {
    const ok = [...pods().slice(0, 9), pod(9, { updated: true, at: "2026-11-22T11:14:09Z" })];
    const d = cloneSetDetailView(
      cloneSet({ updatedAvailableReplicas: 3, updatedReadyReplicas: 3 }),
      ok,
      revisions(),
      [],
      NOW,
    );
    expect(d.update.state).toBe("held-by-partition");
  });

  it("counts pods still mid in-place update as in progress", () => {
    const mid = [...pods().slice(0, 9), pod(9, { updated: true, updating: true })];
    const d = cloneSetDetailView(cloneSet(), mid, revisions(), [], NOW);
    expect(d.update.steps[0].inProgress).toBe(1);
    expect(d.update.state).toBe("rolling");
  });

  it("keeps the CloneSet's and its pods' events, newest first, and drops others", () => {
    expect(detail.events.map((e) => [e.reason, e.object])).toEqual([
      ["Failed", "pod/ro-p9"],
      ["SuccessfulUpdatePodInPlace", "cloneset/ro"],
    ]);
  });

  it("ignores pods owned by someone else", () => {
    const stray = pod(42);
    stray.metadata!.ownerReferences = [{ uid: "other", controller: true }];
    expect(cloneSetDetailView(cloneSet(), [stray], [], [], NOW).pods).toEqual([]);
  });
});

describe("in-place update state annotation", () => {
  it("derives batch k of n from the record and the next* maps", () => {
    const s = parseInPlaceState({
      "apps.kruise.io/inplace-update-state": JSON.stringify({
        revision: "demo-7c9f5d6b8d",
        updateTimestamp: "2026-05-01T08:00:00Z",
        lastContainerStatuses: null,
        nextContainerImages: { main: "main-image:v2" },
        preCheckBeforeNext: { containersRequiredReady: ["sidecar"] },
        containerBatchesRecord: [{ timestamp: "2026-05-01T08:00:00Z", containers: ["sidecar"] }],
      }),
    });
    expect(s).toMatchObject({ batchLabel: "batch 1 of 2", pendingContainers: ["main"], waitingFor: ["sidecar"] });
  });

  it("tolerates garbage instead of breaking the page", () => {
    expect(parseInPlaceState({ "apps.kruise.io/inplace-update-state": "{not json" })).toBeNull();
    expect(parseInPlaceState({ "apps.kruise.io/inplace-update-state": "[1]" })).toBeNull();
    expect(parseInPlaceState(undefined)).toBeNull();
  });
});
