// The Rollout controller simulator: informers (Rollouts, CloneSets, Advanced StatefulSets, BatchReleases) + work
// queue + the pure machine (rollout-machine.ts), all through client-node. Reconcile triggers as upstream: any
// Rollout event (its own status writes too), any event of its workload, any BatchRelease event
// (docs/kruise-rollouts.md §0, §15).
import type { KubeConfig } from "@kubernetes/client-node";
import type { BatchRelease, CloneSet, Rollout, StatefulSet } from "@/lib/k8s/objects";
import type { Clock } from "../clock";
import { EventRecorder } from "../events";
import { Informer, keyOf } from "../informer";
import { Kube } from "../kube";
import {
  cloneSetInformer,
  startIfServed,
  STATEFULSET_REF,
  statefulSetInformer,
  type SharedInformers,
} from "../common-informers";
import { WorkQueue } from "../queue";
import {
  createBatchRelease,
  deleteBatchRelease,
  listBatchReleases,
  listRollouts,
  patchObject,
  updateBatchRelease,
  writeRolloutStatus,
} from "./kube-rollouts";
import {
  IN_PROGRESSING_ANNOTATION,
  ROLLOUT_API_VERSION,
  ROLLOUT_FINALIZER,
  ROLLOUT_GROUP,
  ROLLOUT_HASH_ANNOTATION,
  ROLLOUT_VERSION,
  WORKLOAD_TYPE_LABEL,
} from "./keys";
import { reconcileRollout } from "./rollout-machine";
import { targetKind, type RolloutTarget } from "./target";
import type { RolloutAction } from "./types";

export interface RolloutControllerOptions {
  kc: KubeConfig;
  clock: Clock;
  namespace?: string;
  log?: (msg: string) => void;
  /** Informers shared with the other controllers (their maker starts and stops them); else its own. */
  shared?: SharedInformers;
}

export class RolloutController {
  readonly kube: Kube;
  readonly events: EventRecorder;
  readonly rollouts: Informer<Rollout>;
  private sets: Informer<CloneSet>;
  private statefulSets: Informer<StatefulSet>;
  /** False on an API server without the Advanced StatefulSet CRD: such a Rollout finds no workload. */
  private statefulSetsServed = false;
  private releases: Informer<BatchRelease>;
  private queue: WorkQueue;
  private own: { stop(): void }[] = [];

  constructor(private o: RolloutControllerOptions) {
    this.kube = new Kube(o.kc, "kruise-rollout");
    this.events = new EventRecorder(this.kube, o.clock, "rollout-controller", o.log);
    const ns = o.namespace,
      nsPath = ns ? `/namespaces/${ns}` : "";
    const k = this.kube;
    const common = { kc: o.kc, clock: o.clock, log: o.log };
    this.rollouts = new Informer<Rollout>({
      ...common,
      path: `/apis/${ROLLOUT_GROUP}/${ROLLOUT_VERSION}${nsPath}/rollouts`,
      list: () => listRollouts(k, ns),
    });
    this.releases = new Informer<BatchRelease>({
      ...common,
      path: `/apis/${ROLLOUT_GROUP}/${ROLLOUT_VERSION}${nsPath}/batchreleases`,
      list: () => listBatchReleases(k, ns),
    });
    this.sets = o.shared?.sets ?? cloneSetInformer(k, common, ns);
    this.statefulSets = statefulSetInformer(k, common, ns);
    this.own = [this.rollouts, this.releases, this.statefulSets, ...(o.shared ? [] : [this.sets])];
    this.queue = new WorkQueue(o.clock, (key) => this.reconcile(key), o.log, 3);
    this.rollouts.on((_t, r) => this.queue.add(keyOf(r)));
    this.releases.on((_t, br) => this.queue.add(keyOf(br)));
    const onWorkload = (kind: RolloutTarget["kind"]) => (_t: unknown, w: CloneSet | StatefulSet) => {
      for (const r of this.rollouts.items())
        if (
          r.metadata.namespace === w.metadata.namespace &&
          r.spec.workloadRef?.name === w.metadata.name &&
          targetKind(r.spec.workloadRef) === kind
        )
          this.queue.add(keyOf(r));
    };
    this.sets.on(onWorkload("CloneSet"));
    this.statefulSets.on(onWorkload("StatefulSet"));
  }

  async start(): Promise<void> {
    await this.sets.start();
    this.statefulSetsServed = await startIfServed(this.statefulSets);
    await this.releases.start();
    await this.rollouts.start();
  }

  stop(): void {
    this.queue.stop();
    for (const i of this.own) i.stop();
  }

  idle(): boolean {
    return this.queue.idle();
  }

  private async reconcile(key: string): Promise<void> {
    const rollout = this.rollouts.get(key);
    if (!rollout) return;
    const ns = rollout.metadata.namespace!;
    const workload = this.workloadOf(rollout);
    const res = reconcileRollout({ rollout, workload, batchRelease: this.releases.get(key), now: this.o.clock.now() });
    for (const a of res.actions) await this.apply(rollout, workload, a);
    if (res.status) await writeRolloutStatus(this.kube, ns, rollout.metadata.name, res.status);
    this.queue.forget(key);
    if (res.requeueAfterMs !== undefined) this.queue.addAfter(key, res.requeueAfterMs);
  }

  /**
   * The workload the workloadRef names, as upstream's partition-style finders look it up: a CloneSet at
   * `apps.kruise.io/v1alpha1`, an Advanced StatefulSet at either version (pkg/util/controller_finder.go).
   */
  private workloadOf(r: Rollout): RolloutTarget | undefined {
    const ref = r.spec.workloadRef;
    const key = `${r.metadata.namespace}/${ref?.name ?? ""}`;
    const kind = targetKind(ref);
    if (kind === "CloneSet") {
      const object = this.sets.get(key);
      return object && { kind, object };
    }
    const object = kind === "StatefulSet" && this.statefulSetsServed ? this.statefulSets.get(key) : undefined;
    return object && { kind: "StatefulSet", object };
  }

  private patchWorkload(t: RolloutTarget, body: object): Promise<unknown> {
    const ns = t.object.metadata.namespace!,
      name = t.object.metadata.name;
    return t.kind === "CloneSet"
      ? this.kube.mergePatchCloneSet(ns, name, body)
      : this.kube.mergePatchCustom(STATEFULSET_REF, ns, name, body);
  }

  private async apply(r: Rollout, w: RolloutTarget | undefined, a: RolloutAction): Promise<void> {
    const ns = r.metadata.namespace!,
      name = r.metadata.name;
    const k = this.kube;
    switch (a.kind) {
      case "addFinalizer":
      case "removeFinalizer": {
        const rest = (r.metadata.finalizers ?? []).filter((f) => f !== ROLLOUT_FINALIZER);
        const finalizers = a.kind === "addFinalizer" ? [...rest, ROLLOUT_FINALIZER] : rest;
        return patchObject(k, "rollouts", ns, name, {
          metadata: { finalizers, resourceVersion: r.metadata.resourceVersion },
        });
      }
      case "patchRolloutHash":
        return patchObject(k, "rollouts", ns, name, {
          metadata: { annotations: { [ROLLOUT_HASH_ANNOTATION]: a.hash } },
        });
      case "labelWorkload":
        await this.patchWorkload(w!, { metadata: { labels: { [WORKLOAD_TYPE_LABEL]: a.type } } });
        return;
      case "removeInProgressing":
        await this.patchWorkload(w!, { metadata: { annotations: { [IN_PROGRESSING_ANNOTATION]: null } } });
        return;
      case "createBatchRelease":
        return createBatchRelease(k, a.batchRelease);
      case "updateBatchRelease":
        return updateBatchRelease(k, ns, name, a.spec, a.annotations);
      case "patchBatchRelease":
        return patchObject(k, "batchreleases", ns, name, a.patch);
      case "deleteBatchRelease":
        return deleteBatchRelease(k, ns, name);
      case "event":
        this.events.record(
          { apiVersion: ROLLOUT_API_VERSION, kind: "Rollout", name, namespace: ns, uid: r.metadata.uid! },
          { type: "Normal", reason: "Progressing", message: a.message },
        );
        return;
    }
  }
}
