// Runs a workload plan's actions in order through client-node and stops at the first failure (the reconcile is
// retried with backoff); per-pod actions in a row run as per-pod chains in parallel, as the CloneSet executor does.
import { equalRevisionData } from "@/lib/kruise/revision/revision";
import type { ControllerRevision, Pod } from "@/lib/k8s/objects";
import type { InvolvedObject } from "../events";
import { keyOf } from "../informer";
import { errorCode, errorMessage, type CustomRef, type Kube } from "../kube";
import type { CacheExpectations } from "../cloneset/expectations";
import { podPatch } from "../cloneset/pod-patch";
import type { EventSpec, WorkloadAction } from "./types";

export interface WorkloadObject {
  metadata: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
  status?: unknown;
}

export interface WorkloadExecutorHost {
  readonly kube: Kube;
  readonly expectations: CacheExpectations;
  readonly events: { record(obj: InvolvedObject, ev: EventSpec): void };
  readonly ref: CustomRef;
  involved(o: WorkloadObject): InvolvedObject;
  cachedPod(key: string): Pod | undefined;
  cachedObject(key: string): WorkloadObject | undefined;
  log(m: string): void;
}

const POD_ACTIONS = new Set(["deletePod", "podConditions", "updatePod"]);

export class WorkloadExecutor {
  private key: string;

  constructor(
    private c: WorkloadExecutorHost,
    private o: WorkloadObject,
  ) {
    this.key = keyOf(o);
  }

  private event(ev: EventSpec): void {
    this.c.events.record(this.c.involved(this.o), ev);
  }

  async run(actions: WorkloadAction[]): Promise<boolean> {
    for (let i = 0; i < actions.length;) {
      if (!POD_ACTIONS.has(actions[i].kind)) {
        if (!(await this.one(actions[i]))) return false;
        i++;
        continue;
      }
      let j = i;
      while (j < actions.length && POD_ACTIONS.has(actions[j].kind)) j++;
      const chains = new Map<string, WorkloadAction[]>();
      for (const a of actions.slice(i, j)) {
        const name = (a as { pod: Pod }).pod.metadata.name!;
        chains.set(name, [...(chains.get(name) ?? []), a]);
      }
      const results = await Promise.all(
        [...chains.values()].map(async (chain) => {
          for (const a of chain) if (!(await this.one(a))) return false;
          return true;
        }),
      );
      if (results.includes(false)) return false;
      i = j;
    }
    return true;
  }

  private async one(a: WorkloadAction): Promise<boolean> {
    const kube = this.c.kube;
    const ns = this.o.metadata.namespace!;
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
          return await this.createPods(a);
        case "deletePod":
          return await this.deletePod(a.pod, a.deleted, a.failed);
        case "podConditions": {
          const w = await kube.patchPodConditions(ns, a.pod.metadata.name!, a.conditions);
          this.expectPod(keyOf(a.pod), w.resourceVersion);
          return true;
        }
        case "updatePod": {
          const patch = podPatch(this.c.cachedPod(keyOf(a.pod)) ?? a.pod, a.pod);
          if (patch) {
            const w = await kube.patchPod(ns, a.pod.metadata.name!, patch);
            this.expectPod(keyOf(a.pod), w.resourceVersion);
          }
          if (a.event) this.event(a.event);
          return true;
        }
        case "status":
          return await this.writeStatus(a.status);
      }
    } catch (e) {
      if (errorCode(e) === 404 && (a.kind === "deletePod" || a.kind === "deleteRevision")) return true;
      if (a.kind === "updatePod" && a.failEvent)
        this.event({ ...a.failEvent, message: `${a.failEvent.message}: ${errorMessage(e)}` });
      this.c.log(`${this.key}: ${errorMessage(e)}`);
      return false;
    }
  }

  private expectPod(key: string, rv: string | undefined): void {
    this.c.expectations.expectRV(`pod:${key}`, rv, this.c.cachedPod(key)?.metadata.resourceVersion);
  }

  private async createRevision(rev: ControllerRevision): Promise<boolean> {
    const ns = this.o.metadata.namespace!;
    try {
      this.c.expectations.expect(this.key, `rev:${ns}/${rev.metadata.name}`);
      await this.c.kube.createRevision(rev);
      return true;
    } catch (e) {
      this.c.expectations.observe(this.key, `rev:${ns}/${rev.metadata.name}`);
      if (errorCode(e) !== 409) throw e;
      const existing = await this.c.kube.readRevision(ns, rev.metadata.name!);
      if (equalRevisionData(existing.data, rev.data)) return true;
      // A hash collision: count it in the status, and the next reconcile names the revision anew.
      const fresh = await this.c.kube.getCustom<WorkloadObject & { status?: { collisionCount?: number } }>(
        this.c.ref,
        ns,
        this.o.metadata.name!,
      );
      const status = { ...(fresh.status ?? {}), collisionCount: (fresh.status?.collisionCount ?? 0) + 1 };
      await this.c.kube.replaceCustomStatus(this.c.ref, { ...fresh, status } as WorkloadObject & { metadata: object });
      return false;
    }
  }

  private async createOne(a: Extract<WorkloadAction, { kind: "createPods" }>, p: Pod): Promise<void> {
    const key = keyOf(p);
    if (p.metadata.name) this.c.expectations.expect(this.key, key);
    try {
      const name = await this.c.kube.createPodNamed(p);
      // A generated name is known only now; expect it unless the watch already brought the pod.
      const made = `${p.metadata.namespace}/${name}`;
      if (!p.metadata.name && !this.c.cachedPod(made)) this.c.expectations.expect(this.key, made);
      this.event(a.created(name));
    } catch (e) {
      if (p.metadata.name) this.c.expectations.observe(this.key, key);
      this.event(a.failed(p.metadata.name ?? p.metadata.generateName ?? "", errorMessage(e)));
      throw e;
    }
  }

  private async createPods(a: Extract<WorkloadAction, { kind: "createPods" }>): Promise<boolean> {
    if (!a.slowStart) {
      for (const p of a.pods) await this.createOne(a, p);
      return true;
    }
    let i = 0;
    for (let size = 1; i < a.pods.length; size *= 2) {
      const batch = a.pods.slice(i, i + size);
      i += batch.length;
      const results = await Promise.allSettled(batch.map((p) => this.createOne(a, p)));
      if (results.some((r) => r.status === "rejected")) return false;
    }
    return true;
  }

  private async deletePod(pod: Pod, deleted?: EventSpec, failed?: (e: string) => EventSpec): Promise<boolean> {
    this.c.expectations.expect(this.key, keyOf(pod));
    try {
      await this.c.kube.deletePod(pod.metadata.namespace!, pod.metadata.name!, undefined, pod.metadata.uid);
    } catch (e) {
      this.c.expectations.observe(this.key, keyOf(pod));
      if (errorCode(e) === 404) return true;
      if (failed) this.event(failed(errorMessage(e)));
      return false;
    }
    if (deleted) this.event(deleted);
    return true;
  }

  /** PUT /status, reading the object again after a conflict (the controllers' RetryOnConflict). */
  private async writeStatus(status: object): Promise<boolean> {
    let base: WorkloadObject = this.o;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await this.c.kube.replaceCustomStatus(this.c.ref, { ...base, status } as WorkloadObject & {
          metadata: object;
        });
        const cached = this.c.cachedObject(this.key)?.metadata.resourceVersion;
        this.c.expectations.expectRV(`obj:${this.key}`, res.resourceVersion, cached);
        return true;
      } catch (e) {
        if (errorCode(e) !== 409) throw e;
        base = await this.c.kube.getCustom<WorkloadObject>(this.c.ref, base.metadata.namespace!, base.metadata.name!);
      }
    }
    return false;
  }
}
