// Runs a plan's actions in order through client-node; stops at the first failure (the reconcile is
// retried with backoff). Events and cache expectations are recorded as upstream does.
import { equalRevisionData } from "@/lib/kruise/revision/revision";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import type { EventRecorder, InvolvedObject } from "../events";
import { keyOf } from "../informer";
import { errorCode, errorMessage, type Kube } from "../kube";
import type { CacheExpectations } from "./expectations";
import { podPatch } from "./pod-patch";
import type { Action, EventSpec } from "./types";

const POD_ACTIONS = new Set(["deletePod", "podConditions", "updatePod", "patchPod"]);
const isPodAction = (a: Action) => POD_ACTIONS.has(a.kind);

/**
 * What the executor needs from its controller: the API client, the expectations it records, the
 * event recorder, the informer caches and a log. The controller passes itself; the executor
 * depends only on this, so the two files do not import each other.
 */
export interface ExecutorHost {
  readonly kube: Kube;
  readonly expectations: CacheExpectations;
  readonly events: Pick<EventRecorder, "record">;
  involved(cs: CloneSet): InvolvedObject;
  cachedPod(key: string): Pod | undefined;
  cachedCloneSet(key: string): CloneSet | undefined;
  log(m: string): void;
}

export class Executor {
  private key: string;

  constructor(
    private c: ExecutorHost,
    private cs: CloneSet,
  ) {
    this.key = keyOf(cs);
  }

  private event(ev: EventSpec): void {
    this.c.events.record(this.c.involved(this.cs), ev);
  }

  private fail(ev: EventSpec | undefined, e: unknown): false {
    if (ev) this.event({ ...ev, message: `${ev.message}: ${errorMessage(e)}` });
    this.c.log(`${this.key}: ${errorMessage(e)}`);
    return false;
  }

  /**
   * Runs actions in order, except that consecutive per-pod actions run as per-pod chains in
   * parallel (order kept within a pod) — upstream is sequential, the outcome is the same.
   */
  async run(actions: Action[]): Promise<boolean> {
    for (let i = 0; i < actions.length;) {
      if (!isPodAction(actions[i])) {
        if (!(await this.one(actions[i]))) return false;
        i++;
        continue;
      }
      let j = i;
      while (j < actions.length && isPodAction(actions[j])) j++;
      if (!(await this.parallel(actions.slice(i, j)))) return false;
      i = j;
    }
    return true;
  }

  private async parallel(actions: Action[], width = 16): Promise<boolean> {
    const chains = new Map<string, Action[]>();
    for (const a of actions) {
      const k = (a as { pod: Pod }).pod.metadata.name!;
      chains.set(k, [...(chains.get(k) ?? []), a]);
    }
    const queue = [...chains.values()];
    let ok = true;
    const worker = async () => {
      for (let chain = queue.shift(); chain && ok; chain = queue.shift()) {
        for (const a of chain)
          if (!(await this.one(a))) {
            ok = false;
            break;
          }
      }
    };
    await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
    return ok;
  }

  private async one(a: Action): Promise<boolean> {
    const kube = this.c.kube;
    const ns = this.cs.metadata.namespace!;
    try {
      switch (a.kind) {
        case "event":
          this.event(a.event);
          return true;
        case "createRevision":
          return await this.createRevision(a.revision);
        case "bumpRevision":
          await kube.patchRevisionNumber(ns, a.name, a.revision);
          return true;
        case "deleteRevision":
          await kube.deleteRevision(ns, a.name);
          return true;
        case "createPods":
          return await this.createPods(a.pods);
        case "deletePod":
          return await this.deletePod(a.pod);
        case "podConditions": {
          const w = await kube.patchPodConditions(ns, a.pod.metadata.name!, a.conditions);
          this.expectPod(keyOf(a.pod), w.resourceVersion);
          return true;
        }
        case "updatePod":
        case "patchPod": {
          const patch = a.kind === "patchPod" ? a.patch : podPatch(this.cached(a.pod), a.pod);
          if (patch) {
            const w = await kube.patchPod(ns, a.pod.metadata.name!, patch);
            this.expectPod(keyOf(a.pod), w.resourceVersion);
          }
          if (a.event) this.event(a.event);
          return true;
        }
        case "status":
          return await this.writeStatus(a.status);
        case "removePodsToDelete":
          await kube.mergePatchCloneSet(ns, this.cs.metadata.name!, {
            spec: { scaleStrategy: { podsToDelete: a.names } },
          });
          return true;
      }
    } catch (e) {
      if (errorCode(e) === 404 && (a.kind === "deletePod" || a.kind === "deleteRevision")) return true;
      return this.fail("failEvent" in a ? a.failEvent : undefined, e);
    }
  }

  private expectPod(key: string, rv: string | undefined): void {
    this.c.expectations.expectRV(`pod:${key}`, rv, this.c.cachedPod(key)?.metadata.resourceVersion);
  }

  /** The pod as this reconcile saw it (planner inputs are cache objects). */
  private cached(p: Pod): Pod {
    return this.c.cachedPod(keyOf(p)) ?? p;
  }

  private async createRevision(rev: ControllerRevision): Promise<boolean> {
    const ns = this.cs.metadata.namespace!;
    try {
      this.c.expectations.expect(this.key, `rev:${ns}/${rev.metadata.name}`);
      await this.c.kube.createRevision(rev);
      return true;
    } catch (e) {
      this.c.expectations.observe(this.key, `rev:${ns}/${rev.metadata.name}`);
      if (errorCode(e) !== 409) throw e;
      const existing = await this.c.kube.readRevision(ns, rev.metadata.name!);
      if (equalRevisionData(existing.data, rev.data)) return true;
      // Hash collision: bump collisionCount and let the next reconcile rename the revision.
      const fresh = await this.c.kube.getCloneSet(ns, this.cs.metadata.name!);
      fresh.status = {
        ...(fresh.status ?? {
          replicas: 0,
          readyReplicas: 0,
          availableReplicas: 0,
          updatedReplicas: 0,
          updatedReadyReplicas: 0,
        }),
        collisionCount: (fresh.status?.collisionCount ?? 0) + 1,
      };
      await this.c.kube.replaceCloneSetStatus(fresh);
      return false;
    }
  }

  /** Slow-start batches 1, 2, 4, …; a failed batch stops the rest (kruise util.SlowStartBatch). */
  private async createPods(pods: Pod[]): Promise<boolean> {
    let i = 0;
    for (let size = 1; i < pods.length; size *= 2) {
      const batch = pods.slice(i, i + size);
      i += batch.length;
      const results = await Promise.allSettled(
        batch.map(async (p) => {
          this.c.expectations.expect(this.key, keyOf(p));
          try {
            await this.c.kube.createPod(p);
            this.event({
              type: "Normal",
              reason: "SuccessfulCreate",
              message: `succeed to create pod ${p.metadata.name}`,
            });
          } catch (e) {
            this.c.expectations.observe(this.key, keyOf(p));
            this.event({
              type: "Warning",
              reason: "FailedCreate",
              message: `failed to create pod: ${errorMessage(e)}, pod: ${JSON.stringify(p.metadata.name)}`,
            });
            throw e;
          }
        }),
      );
      if (results.some((r) => r.status === "rejected")) return false;
    }
    return true;
  }

  private async deletePod(pod: Pod): Promise<boolean> {
    this.c.expectations.expect(this.key, keyOf(pod));
    try {
      await this.c.kube.deletePod(pod.metadata.namespace!, pod.metadata.name!, undefined, pod.metadata.uid);
    } catch (e) {
      this.c.expectations.observe(this.key, keyOf(pod));
      if (errorCode(e) === 404) return true;
      this.event({
        type: "Warning",
        reason: "FailedDelete",
        message: `failed to delete pod ${pod.metadata.name}: ${errorMessage(e)}`,
      });
      return false;
    }
    this.event({ type: "Normal", reason: "SuccessfulDelete", message: `succeed to delete pod ${pod.metadata.name}` });
    return true;
  }

  /** PUT /status with read-modify-write retry on conflict (cloneset_status.go updateStatus). */
  private async writeStatus(status: CloneSet["status"]): Promise<boolean> {
    let base = this.cs;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await this.c.kube.replaceCloneSetStatus({ ...base, status });
        this.c.expectations.expectRV(
          `cs:${this.key}`,
          res.resourceVersion,
          this.c.cachedCloneSet(this.key)?.metadata.resourceVersion,
        );
        return true;
      } catch (e) {
        if (errorCode(e) !== 409) throw e;
        base = await this.c.kube.getCloneSet(base.metadata.namespace!, base.metadata.name!);
      }
    }
    return false;
  }
}
