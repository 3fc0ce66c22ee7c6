// The Rollout controller simulator: informers (Rollouts, CloneSets, BatchReleases) + work queue + the pure
// machine (rollout-machine.ts), all through client-node. Reconcile triggers as upstream: any Rollout event (its
// own status writes too), any event of its CloneSet, any BatchRelease event (docs/kruise-rollouts.md §0).
import type { KubeConfig } from "@kubernetes/client-node";
import type { BatchRelease, CloneSet, Rollout } from "@/lib/k8s/objects";
import type { Clock } from "../clock";
import { EventRecorder } from "../events";
import { Informer, keyOf } from "../informer";
import { GROUP, Kube } from "../kube";
import { cloneSetInformer, type SharedInformers } from "../common-informers";
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
    this.own = [this.rollouts, this.releases, ...(o.shared ? [] : [this.sets])];
    this.queue = new WorkQueue(o.clock, (key) => this.reconcile(key), o.log, 3);
    this.rollouts.on((_t, r) => this.queue.add(keyOf(r)));
    this.releases.on((_t, br) => this.queue.add(keyOf(br)));
    this.sets.on((_t, cs) => {
      for (const r of this.rollouts.items())
        if (r.metadata.namespace === cs.metadata.namespace && r.spec.workloadRef?.name === cs.metadata.name)
          this.queue.add(keyOf(r));
    });
  }

  async start(): Promise<void> {
    await this.sets.start();
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
    const ref = rollout.spec.workloadRef;
    const cloneSet =
      ref?.kind === "CloneSet" && ref.apiVersion?.startsWith(`${GROUP}/`)
        ? this.sets.get(`${ns}/${ref.name}`)
        : undefined;
    const res = reconcileRollout({
      rollout,
      cloneSet,
      batchRelease: this.releases.get(key),
      now: this.o.clock.now(),
    });
    for (const a of res.actions) await this.apply(rollout, cloneSet, a);
    if (res.status) await writeRolloutStatus(this.kube, ns, rollout.metadata.name, res.status);
    this.queue.forget(key);
    if (res.requeueAfterMs !== undefined) this.queue.addAfter(key, res.requeueAfterMs);
  }

  private async apply(r: Rollout, cs: CloneSet | undefined, a: RolloutAction): Promise<void> {
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
        await k.mergePatchCloneSet(ns, cs!.metadata.name, {
          metadata: { labels: { [WORKLOAD_TYPE_LABEL]: "cloneset" } },
        });
        return;
      case "removeInProgressing":
        await k.mergePatchCloneSet(ns, cs!.metadata.name, {
          metadata: { annotations: { [IN_PROGRESSING_ANNOTATION]: null } },
        });
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
