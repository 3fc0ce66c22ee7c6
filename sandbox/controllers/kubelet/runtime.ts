// The fake container runtime for one container: what it is doing at time `now` and when it next
// changes. Pure apart from the injected random source.
import type { ContainerState, ContainerStatus } from "@/lib/k8s/objects";
import { imageID, isBadImage, isCrashImage, pullErrorMessage } from "./images";

export interface Delays {
  start: [number, number];
  ready: [number, number];
  restart: [number, number];
  crashRun: number;
  backoffBase: number;
  backoffMax: number;
}

export const NORMAL_DELAYS: Delays = {
  start: [600, 2000],
  ready: [300, 1200],
  restart: [500, 1500],
  crashRun: 3000,
  backoffBase: 10_000,
  backoffMax: 300_000,
};
export const FAST_DELAYS: Delays = {
  start: [30, 120],
  ready: [20, 60],
  restart: [30, 100],
  crashRun: 300,
  backoffBase: 1000,
  backoffMax: 8000,
};

/**
 * A container run that ended: what `previous=true` reads. The kubelet keeps the last dead container of each
 * container name (kubelet pkg/kubelet/kuberuntime/kuberuntime_gc.go keeps one per container), so its log outlives
 * the restart; `logs.ts` writes its lines from this record.
 */
export interface EndedRun {
  id: string;
  image: string;
  since: number;
  end: number;
  exitCode: number;
}

export interface Ctr {
  name: string;
  wantImage: string;
  restartCount: number;
  id: string;
  running?: { image: string; since: number; readyAt: number; crashAt?: number };
  /** restart: a spec change is restarting the container, inside one pod sync (see unseenUntil) */
  pending?: { image: string; startAt: number; crashLoop?: boolean; restart?: boolean };
  pullFailures: number;
  lastImage?: string;
  lastTerminated?: ContainerState["terminated"];
  previousRun?: EndedRun;
}

export function between(rnd: () => number, [a, b]: [number, number]): number {
  return Math.round(a + rnd() * (b - a));
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export function newCtr(name: string, image: string, now: number, d: Delays, rnd: () => number): Ctr {
  return {
    name,
    wantImage: image,
    restartCount: 0,
    id: newId(rnd),
    pending: { image, startAt: now + between(rnd, d.start) },
    pullFailures: 0,
  };
}

function newId(rnd: () => number): string {
  return Array.from({ length: 4 }, () =>
    Math.floor(rnd() * 2 ** 16)
      .toString(16)
      .padStart(4, "0"),
  ).join("");
}

export function backoff(d: Delays, n: number): number {
  return Math.min(d.backoffBase * 2 ** Math.max(0, n - 1), d.backoffMax);
}

/**
 * Advances the container to `now`: a changed spec image restarts just this container
 * (restartCount + 1), failed pulls back off, crash-looping instances die and come back.
 */
export function advance(c: Ctr, now: number, d: Delays, rnd: () => number): Ctr {
  const x = { ...c };
  const current = x.pending?.image ?? x.running?.image;
  if (current !== x.wantImage) {
    if (x.running) {
      x.lastTerminated = {
        exitCode: 0,
        reason: "Completed",
        startedAt: iso(x.running.since),
        finishedAt: iso(now),
        containerID: `containerd://${x.id}`,
      };
      x.previousRun = { id: x.id, image: x.running.image, since: x.running.since, end: now, exitCode: 0 };
      x.lastImage = x.running.image;
      x.restartCount++;
      x.running = undefined;
      x.pending = { image: x.wantImage, startAt: now + between(rnd, d.restart), restart: true };
    } else {
      x.pending = { image: x.wantImage, startAt: now + between(rnd, d.start) };
    }
    x.pullFailures = 0;
  }
  for (let guard = 0; guard < 4; guard++) {
    if (x.pending && now >= x.pending.startAt) {
      if (isBadImage(x.pending.image)) {
        x.pullFailures++;
        x.pending = { image: x.pending.image, startAt: now + backoff(d, x.pullFailures) };
        break;
      }
      const since = x.pending.startAt;
      x.running = {
        image: x.pending.image,
        since,
        readyAt: since + between(rnd, d.ready),
        crashAt: isCrashImage(x.pending.image) ? since + d.crashRun : undefined,
      };
      x.id = newId(rnd);
      x.pending = undefined;
    }
    if (x.running?.crashAt !== undefined && now >= x.running.crashAt) {
      x.lastTerminated = {
        exitCode: 1,
        reason: "Error",
        startedAt: iso(x.running.since),
        finishedAt: iso(x.running.crashAt),
        containerID: `containerd://${x.id}`,
      };
      x.previousRun = { id: x.id, image: x.running.image, since: x.running.since, end: x.running.crashAt, exitCode: 1 };
      x.lastImage = x.running.image;
      x.restartCount++;
      x.pending = { image: x.running.image, startAt: x.running.crashAt + backoff(d, x.restartCount), crashLoop: true };
      x.running = undefined;
      continue;
    }
    break;
  }
  return x;
}

/** kubelet-style containerStatuses entry at `now`. */
export function containerStatus(c: Ctr, now: number, d: Delays, podRef: string): ContainerStatus {
  const lastState = c.lastTerminated ? { terminated: c.lastTerminated } : {};
  if (c.running) {
    return {
      name: c.name,
      image: c.running.image,
      imageID: imageID(c.running.image),
      containerID: `containerd://${c.id}`,
      ready: now >= c.running.readyAt,
      started: true,
      restartCount: c.restartCount,
      state: { running: { startedAt: iso(c.running.since) } },
      lastState,
    };
  }
  // Waiting: like kubelet, report the last instance's image and imageID if there was one.
  const image = c.lastImage ?? c.wantImage,
    id = c.lastImage ? imageID(c.lastImage) : "";
  let waiting: { reason: string; message?: string } = { reason: "ContainerCreating" };
  if (c.pending && isBadImage(c.pending.image) && c.pullFailures > 0) {
    waiting =
      c.pullFailures % 2 === 1
        ? { reason: "ErrImagePull", message: pullErrorMessage(c.pending.image) }
        : { reason: "ImagePullBackOff", message: `Back-off pulling image "${c.pending.image}"` };
  } else if (c.pending?.crashLoop) {
    waiting = {
      reason: "CrashLoopBackOff",
      message: `back-off ${Math.round(backoff(d, c.restartCount) / 1000)}s restarting failed container=${c.name} pod=${podRef}`,
    };
  }
  return {
    name: c.name,
    image,
    imageID: id,
    ready: false,
    started: false,
    restartCount: c.restartCount,
    state: { waiting },
    lastState,
  };
}

/**
 * Until when the kubelet has nothing new to say about this container, or undefined when what it shows now is what
 * the kubelet reports. Two windows: a spec change restarts the container inside one pod sync (kill, pull, start:
 * kubelet pkg/kubelet/kuberuntime/kuberuntime_manager.go SyncPod), and the status is generated again only by the
 * next sync, which sees the new container; and a started container is seen by the next PLEG relist
 * (pkg/kubelet/pleg/generic.go relist). A container without a readiness probe is ready as soon as it runs
 * (pkg/kubelet/prober/prober_manager.go UpdatePodStatus), so the relist that sees it started sees it ready: its
 * `ready` delay stands for that relist. With a probe, running and ready are two reports, as the prober makes them.
 */
export function unseenUntil(c: Ctr, now: number, probed: boolean): number | undefined {
  if (c.pending?.restart && now < c.pending.startAt) return c.pending.startAt;
  if (!probed && c.running && now < c.running.readyAt)
    return Math.min(c.running.readyAt, c.running.crashAt ?? Infinity);
  return undefined;
}

/** When this container next changes on its own (timer for the kubelet). */
export function nextChange(c: Ctr, now: number): number | undefined {
  const ts = [
    c.pending?.startAt,
    c.running && c.running.readyAt > now ? c.running.readyAt : undefined,
    c.running?.crashAt,
  ].filter((t): t is number => t !== undefined && t > now);
  return ts.length ? Math.min(...ts) : undefined;
}
