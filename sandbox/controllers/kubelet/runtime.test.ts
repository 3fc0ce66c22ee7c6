import { describe, expect, it } from "vitest";
import { seededRandom } from "../clock";
import { imageDigest, imageID } from "./images";
import { podConditions } from "./pod-status";
import { advance, containerStatus, FAST_DELAYS as D, newCtr, unseenUntil, type Ctr } from "./runtime";
import type { Pod } from "@/lib/k8s/objects";

const rnd = seededRandom(1);
function runTo(c: Ctr, t: number): Ctr {
  return advance(c, t, D, rnd);
}

describe("fake container runtime", () => {
  it("starts, becomes ready and reports a stable imageID per image", () => {
    let c = newCtr("app", "nginx:1.0", 0, D, rnd);
    expect(containerStatus(c, 0, D, "p").state?.waiting?.reason).toBe("ContainerCreating");
    c = runTo(c, 10_000);
    const s = containerStatus(c, 10_000, D, "p");
    expect(s).toMatchObject({
      ready: true,
      started: true,
      restartCount: 0,
      image: "nginx:1.0",
      imageID: imageID("nginx:1.0"),
    });
    expect(s.imageID).toMatch(/^docker-pullable:\/\/docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
  });

  it("two tags of one image (1.25 and v1.25) share a digest; other tags do not", () => {
    expect(imageDigest("nginx:1.25")).toBe(imageDigest("nginx:v1.25"));
    expect(imageDigest("nginx:1.25")).not.toBe(imageDigest("nginx:1.26"));
  });

  it("an in-place image change restarts only that container: restartCount + 1, new imageID", () => {
    let c = runTo(newCtr("app", "nginx:1.0", 0, D, rnd), 10_000);
    c = runTo({ ...c, wantImage: "nginx:2.0" }, 10_000);
    expect(containerStatus(c, 10_000, D, "p")).toMatchObject({ ready: false, imageID: imageID("nginx:1.0") });
    c = runTo(c, 20_000);
    expect(containerStatus(c, 20_000, D, "p")).toMatchObject({
      ready: true,
      restartCount: 1,
      image: "nginx:2.0",
      imageID: imageID("nginx:2.0"),
    });
  });

  it("a tag containing 'bad' fails to pull: ErrImagePull, then ImagePullBackOff, never ready", () => {
    let c = runTo(newCtr("app", "nginx:1.0", 0, D, rnd), 10_000);
    c = runTo({ ...c, wantImage: "nginx:2.0-bad" }, 10_000);
    c = runTo(c, 10_500);
    const first = containerStatus(c, 10_500, D, "p");
    expect(first.state?.waiting).toMatchObject({ reason: "ErrImagePull" });
    expect(first.state?.waiting?.message).toContain(
      'failed to pull and unpack image "docker.io/library/nginx:2.0-bad"',
    );
    expect(first.imageID).toBe(imageID("nginx:1.0"));
    c = runTo(c, c.pending!.startAt);
    expect(containerStatus(c, c.pending!.startAt - 1, D, "p").state?.waiting).toMatchObject({
      reason: "ImagePullBackOff",
      message: 'Back-off pulling image "nginx:2.0-bad"',
    });
  });

  it("a tag containing 'crash' runs, dies with exit 1 and waits in CrashLoopBackOff", () => {
    let c = newCtr("app", "app:1-crash", 0, D, rnd);
    const started = c.pending!.startAt;
    c = runTo(c, started + 1);
    expect(containerStatus(c, started + 1, D, "p")).toMatchObject({ restartCount: 0, started: true });
    const crashAt = c.running!.crashAt!;
    c = runTo(c, crashAt + 1);
    const after = containerStatus(c, crashAt + 1, D, "p");
    expect(after.state?.waiting?.reason).toBe("CrashLoopBackOff");
    expect(after.restartCount).toBe(1);
    expect(after.lastState?.terminated).toMatchObject({ exitCode: 1, reason: "Error" });
  });
});

describe("what the kubelet has to report (kubelet SyncPod, PLEG relist)", () => {
  it("a new pod's waiting container is reported at once; started without a probe, it is first seen running and ready", () => {
    let c = newCtr("app", "nginx:1.0", 0, D, rnd);
    expect(unseenUntil(c, 0, false)).toBeUndefined();
    const started = c.pending!.startAt;
    c = runTo(c, started);
    expect(unseenUntil(c, started, false)).toBe(c.running!.readyAt);
    expect(unseenUntil(c, c.running!.readyAt, false)).toBeUndefined();
    expect(containerStatus(c, c.running!.readyAt, D, "p")).toMatchObject({ ready: true, started: true });
  });

  it("with a readiness probe, running-not-ready is a state of its own", () => {
    const c = runTo(newCtr("app", "nginx:1.0", 0, D, rnd), 10_000);
    const fresh = runTo({ ...c, wantImage: "nginx:2.0" }, 10_000);
    const started = runTo(fresh, fresh.pending!.startAt);
    expect(unseenUntil(started, fresh.pending!.startAt, true)).toBeUndefined();
  });

  it("an image change is not reported until the new container runs: no waiting state in between", () => {
    let c = runTo(newCtr("app", "nginx:1.0", 0, D, rnd), 10_000);
    c = runTo({ ...c, wantImage: "nginx:2.0" }, 10_000);
    const startAt = c.pending!.startAt;
    expect(unseenUntil(c, 10_000, false)).toBe(startAt);
    c = runTo(c, startAt);
    expect(unseenUntil(c, c.running!.readyAt, false)).toBeUndefined();
    expect(containerStatus(c, c.running!.readyAt, D, "p")).toMatchObject({ image: "nginx:2.0", restartCount: 1 });
  });

  it("an image that cannot be pulled is reported as soon as the pull fails", () => {
    let c = runTo(newCtr("app", "nginx:1.0", 0, D, rnd), 10_000);
    c = runTo({ ...c, wantImage: "nginx:2.0-bad" }, 10_000);
    c = runTo(c, c.pending!.startAt);
    expect(unseenUntil(c, c.pending!.startAt - 1, false)).toBeUndefined();
  });
});

describe("pod Ready condition", () => {
  const pod = (gate: string | undefined): Pod => ({
    metadata: { name: "pod" },
    spec: { containers: [{ name: "app" }], readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { conditions: gate ? [{ type: "InPlaceUpdateReady", status: gate }] : [] },
  });
  const ready = [{ name: "app", image: "i", imageID: "x", ready: true, restartCount: 0 }];
  it("is True only when containers are ready and every readiness gate is True", () => {
    expect(podConditions(pod("True"), ready, "t").find((c) => c.type === "Ready")?.status).toBe("True");
    expect(podConditions(pod("False"), ready, "t").find((c) => c.type === "Ready")).toMatchObject({
      status: "False",
      reason: "ReadinessGatesNotReady",
      message: 'the status of pod readiness gate "InPlaceUpdateReady" is not "True", but False',
    });
    expect(podConditions(pod(undefined), ready, "t").find((c) => c.type === "Ready")?.message).toContain(
      "does not exist",
    );
  });
});
