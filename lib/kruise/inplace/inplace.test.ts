import { describe, expect, it } from "vitest";
import { calculateInPlaceUpdateSpec, diffTemplatesInPlace, isPodTemplate } from "./spec";
import { readInPlaceState, startInPlaceUpdate } from "./inplace";
import { checkInPlaceUpdateCompleted, finishGracePeriod, nextBatch } from "./refresh";
import type { ControllerRevision, Pod, PodTemplateSpec } from "../../k8s/objects";

const tpl = (
  app: string,
  side: string,
  extra: Partial<PodTemplateSpec["spec"]> = {},
  labels: Record<string, string> = { app: "x" },
): PodTemplateSpec => ({
  metadata: { labels },
  spec: {
    containers: [
      { name: "app", image: app },
      { name: "sidecar", image: side },
    ],
    ...extra,
  },
});
const rev = (name: string, t: PodTemplateSpec): ControllerRevision => ({
  metadata: { name },
  revision: 1,
  data: { spec: { template: t } },
});

describe("what can be updated in place (inplace_update_defaults.go, §7.1)", () => {
  it("an image change of a regular container goes in place and names only that container", () => {
    const d = diffTemplatesInPlace(tpl("nginx:1", "s:1"), tpl("nginx:2", "s:1"));
    expect(d).toMatchObject({ inPlace: true, containerImages: { app: "nginx:2" } });
  });
  it("label/annotation changes go in place as a metadata patch (removed keys → null)", () => {
    const d = diffTemplatesInPlace(
      tpl("a", "b", {}, { app: "x", v: "1" } as Record<string, string>),
      tpl("a", "b", {}, { app: "x", w: "2" } as Record<string, string>),
    );
    expect(d).toMatchObject({ inPlace: true, containerImages: {}, metaDataPatch: { labels: { v: null, w: "2" } } });
  });
  it("env, resources or pod-level changes need a recreate, with the offending field named", () => {
    const withEnv = tpl("a", "b");
    withEnv.spec!.containers[1] = { ...withEnv.spec!.containers[1], env: [{ name: "X", value: "1" }] };
    expect(diffTemplatesInPlace(tpl("a", "b"), withEnv)).toMatchObject({
      inPlace: false,
      reason: "spec.containers[1].env",
    });
    expect(diffTemplatesInPlace(tpl("a", "b"), tpl("a", "b", { nodeSelector: { z: "1" } }))).toMatchObject({
      inPlace: false,
      reason: "spec.nodeSelector",
    });
  });
  it("adding a container needs a recreate", () => {
    const t = tpl("a", "b");
    t.spec!.containers.push({ name: "third", image: "c" });
    expect(diffTemplatesInPlace(tpl("a", "b"), t).inPlace).toBe(false);
  });
  it("a missing old revision cannot be updated in place (observed: backs off to ReCreate)", () => {
    expect(calculateInPlaceUpdateSpec(undefined, rev("x-2", tpl("a", "b")))).toBeNull();
  });
});

function runningPod(t: PodTemplateSpec, revName: string, ids: Record<string, string>): Pod {
  return {
    metadata: { name: "x-abcde", labels: { "controller-revision-hash": revName }, annotations: {} },
    spec: { ...t.spec!, containers: t.spec!.containers.map((c) => ({ ...c })) },
    status: {
      phase: "Running",
      containerStatuses: t.spec!.containers.map((c) => ({
        name: c.name,
        image: c.image!,
        imageID: ids[c.name],
        ready: true,
        restartCount: 0,
      })),
    },
  };
}
const T0 = Date.parse("2026-05-01T08:00:00Z");

describe("edited JSON read as a pod template", () => {
  it("accepts a template with named containers and string labels, and rejects one whose parts have other shapes", () => {
    expect(isPodTemplate(tpl("nginx:1", "s:1"))).toBe(true);
    expect(isPodTemplate({})).toBe(true);
    expect(isPodTemplate({ spec: { containers: { name: "app" } } })).toBe(false);
    expect(isPodTemplate({ spec: { containers: [{ image: "nginx" }] } })).toBe(false);
    expect(isPodTemplate({ metadata: { labels: { app: 1 } } })).toBe(false);
    expect(isPodTemplate([])).toBe(false);
  });
});

describe("in-place sequence (inplace_update.go, §7.3-7.6)", () => {
  const oldT = tpl("nginx:1.0", "s:1"),
    newT = tpl("nginx:2.0", "s:1");
  const spec = calculateInPlaceUpdateSpec(rev("x-old", oldT), rev("x-new", newT))!;

  it("patches the image, rewrites revision labels and records the old imageID and one batch", () => {
    const pod = startInPlaceUpdate(runningPod(oldT, "x-old", { app: "id-1", sidecar: "id-s" }), spec, T0);
    expect(pod.spec.containers[0].image).toBe("nginx:2.0");
    expect(pod.metadata.labels).toMatchObject({ "controller-revision-hash": "x-new", "pod-template-hash": "new" });
    expect(pod.metadata.annotations!["apps.kruise.io/inplace-update-state"]).toBe(
      '{"revision":"x-new","updateTimestamp":"2026-05-01T08:00:00Z","lastContainerStatuses":{"app":{"imageID":"id-1"}},"updateImages":true,"containerBatchesRecord":[{"timestamp":"2026-05-01T08:00:00Z","containers":["app"]}]}',
    );
  });
  it("is complete only once the kubelet reports a new imageID for the changed container", () => {
    const pod = startInPlaceUpdate(runningPod(oldT, "x-old", { app: "id-1", sidecar: "id-s" }), spec, T0);
    expect(checkInPlaceUpdateCompleted(pod)).toMatch(/imageID not changed/);
    pod.status!.containerStatuses![0] = { ...pod.status!.containerStatuses![0], image: "nginx:2.0", imageID: "id-2" };
    expect(checkInPlaceUpdateCompleted(pod)).toBeNull();
  });
  it("with a grace period the images wait in the grace annotation until the period is over", () => {
    const graced = { ...spec, graceSeconds: 10 };
    const pod = startInPlaceUpdate(runningPod(oldT, "x-old", { app: "id-1", sidecar: "id-s" }), graced, T0);
    expect(pod.spec.containers[0].image).toBe("nginx:1.0");
    expect(readInPlaceState(pod)?.lastContainerStatuses).toBeNull();
    expect(finishGracePeriod(pod, T0 + 4000)).toEqual({ delayMs: 6000 });
    const done = finishGracePeriod(pod, T0 + 10_000).pod!;
    expect(done.spec.containers[0].image).toBe("nginx:2.0");
    expect(done.metadata.annotations!["apps.kruise.io/inplace-update-grace"]).toBeUndefined();
  });
  it("containers with launch priority are patched in batches, the next waiting for the first to be ready", () => {
    const prio = (t: PodTemplateSpec) => ({
      ...t,
      spec: {
        ...t.spec!,
        containers: t.spec!.containers.map((c) => ({
          ...c,
          env: [{ name: "KRUISE_CONTAINER_PRIORITY", value: c.name === "sidecar" ? "10" : "1" }],
        })),
      },
    });
    const o = prio(tpl("main:1", "side:1")),
      n = prio(tpl("main:2", "side:2"));
    const s = calculateInPlaceUpdateSpec(rev("d-old", o), rev("d-new", n))!;
    const pod = startInPlaceUpdate(runningPod(o, "d-old", { app: "m1", sidecar: "s1" }), s, T0);
    const st = readInPlaceState(pod)!;
    expect(pod.spec.containers.map((c) => c.image)).toEqual(["main:1", "side:2"]);
    expect(st).toMatchObject({
      nextContainerImages: { app: "main:2" },
      preCheckBeforeNext: { containersRequiredReady: ["sidecar"] },
    });
    expect(nextBatch(pod, T0 + 1000)).toBeUndefined();
    pod.status!.containerStatuses![1] = {
      name: "sidecar",
      image: "side:2",
      imageID: "s2",
      ready: true,
      restartCount: 1,
    };
    const b2 = nextBatch(pod, T0 + 2000)!;
    expect(b2.spec.containers.map((c) => c.image)).toEqual(["main:2", "side:2"]);
    expect(readInPlaceState(b2)!.containerBatchesRecord!.map((r) => r.containers)).toEqual([["sidecar"], ["app"]]);
    expect(readInPlaceState(b2)!.nextContainerImages).toBeUndefined();
  });
});
