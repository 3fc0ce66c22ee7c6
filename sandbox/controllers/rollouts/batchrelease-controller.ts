// The BatchRelease controller simulator: informers (BatchReleases, CloneSets, Advanced StatefulSets, Pods) + work
// queue + the pure machine (batchrelease-machine.ts), through client-node (docs/kruise-rollouts.md §0, §6, §7, §15).
import type { KubeConfig } from "@kubernetes/client-node";
import type { BatchRelease, CloneSet, Pod, StatefulSet } from "@/lib/k8s/objects";
import { controllerRefOf } from "@/lib/kruise/core/owner";
import type { Clock } from "../clock";
import { EventRecorder } from "../events";
import { Informer, keyOf } from "../informer";
import { Kube } from "../kube";
import {
  cloneSetInformer,
  podInformer,
  startIfServed,
  STATEFULSET_REF,
  statefulSetInformer,
  type SharedInformers,
} from "../common-informers";
import { WorkQueue } from "../queue";
import { reconcileBatchRelease, type BatchReleaseAction } from "./batchrelease-machine";
import { listBatchReleases, patchObject, replaceBatchReleaseStatus } from "./kube-rollouts";
import { BATCH_RELEASE_FINALIZER, ROLLOUT_API_VERSION, ROLLOUT_GROUP, ROLLOUT_VERSION } from "./keys";
import { targetKind, type RolloutTarget } from "./target";

export interface BatchReleaseControllerOptions {
  kc: KubeConfig;
  clock: Clock;
  namespace?: string;
  log?: (msg: string) => void;
  /** Informers shared with the other controllers (their maker starts and stops them); else its own. */
  shared?: SharedInformers;
}

const ownerUid = (p: Pod) => controllerRefOf(p)?.uid;

export class BatchReleaseController {
  readonly kube: Kube;
  readonly events: EventRecorder;
  private releases: Informer<BatchRelease>;
  private sets: Informer<CloneSet>;
  private statefulSets: Informer<StatefulSet>;
  private statefulSetsServed = false;
  private pods: Informer<Pod>;
  private queue: WorkQueue;
  private own: { stop(): void }[] = [];

  constructor(private o: BatchReleaseControllerOptions) {
    this.kube = new Kube(o.kc, "kruise-rollout");
    this.events = new EventRecorder(this.kube, o.clock, "batchrelease-controller", o.log);
    const ns = o.namespace,
      nsPath = ns ? `/namespaces/${ns}` : "";
    const k = this.kube;
    const common = { kc: o.kc, clock: o.clock, log: o.log };
    this.releases = new Informer<BatchRelease>({
      ...common,
      path: `/apis/${ROLLOUT_GROUP}/${ROLLOUT_VERSION}${nsPath}/batchreleases`,
      list: () => listBatchReleases(k, ns),
    });
    this.sets = o.shared?.sets ?? cloneSetInformer(k, common, ns);
    this.pods = o.shared?.pods ?? podInformer(k, common, ns);
    this.statefulSets = statefulSetInformer(k, common, ns);
    this.own = [this.releases, this.statefulSets, ...(o.shared ? [] : [this.sets, this.pods])];
    this.queue = new WorkQueue(o.clock, (key) => this.reconcile(key), o.log, 3);
    this.releases.on((_t, br) => this.queue.add(keyOf(br)));
    this.sets.on((_t, cs) => this.enqueueFor(cs.metadata.namespace!, cs.metadata.name));
    this.statefulSets.on((_t, set) => this.enqueueFor(set.metadata.namespace!, set.metadata.name));
    this.pods.on((_t, pod) => {
      const uid = ownerUid(pod);
      const owner =
        uid &&
        (this.sets.items().find((c) => c.metadata.uid === uid) ??
          this.statefulSets.items().find((c) => c.metadata.uid === uid));
      if (owner) this.enqueueFor(owner.metadata.namespace!, owner.metadata.name);
    });
  }

  /** The workload the BatchRelease's workloadRef names (CloneSet or Advanced StatefulSet), when cached. */
  private workloadOf(br: BatchRelease): RolloutTarget | undefined {
    const key = `${br.metadata.namespace}/${br.spec.workloadRef?.name ?? ""}`;
    const kind = targetKind(br.spec.workloadRef);
    if (kind === "CloneSet") {
      const object = this.sets.get(key);
      return object && { kind, object };
    }
    const object = kind === "StatefulSet" && this.statefulSetsServed ? this.statefulSets.get(key) : undefined;
    return object && { kind: "StatefulSet", object };
  }

  private enqueueFor(ns: string, csName: string): void {
    for (const br of this.releases.items())
      if (br.metadata.namespace === ns && br.spec.workloadRef?.name === csName) this.queue.add(keyOf(br));
  }

  async start(): Promise<void> {
    await this.sets.start();
    this.statefulSetsServed = await startIfServed(this.statefulSets);
    await this.pods.start();
    await this.releases.start();
  }

  stop(): void {
    this.queue.stop();
    for (const i of this.own) i.stop();
  }

  idle(): boolean {
    return this.queue.idle();
  }

  private async reconcile(key: string): Promise<void> {
    const br = this.releases.get(key);
    if (!br) return;
    const ns = br.metadata.namespace!;
    const workload = this.workloadOf(br);
    const uid = workload?.object.metadata.uid;
    const pods = uid ? this.pods.items().filter((p) => p.metadata.namespace === ns && ownerUid(p) === uid) : [];
    const res = reconcileBatchRelease({ batchRelease: br, workload, pods, now: this.o.clock.now() });
    for (const a of res.actions) await this.apply(br, workload, a);
    if (res.status && !res.actions.some((a) => a.kind === "removeFinalizer"))
      await replaceBatchReleaseStatus(this.kube, br, res.status);
    this.queue.forget(key);
    if (res.requeueAfterMs !== undefined) this.queue.addAfter(key, res.requeueAfterMs);
  }

  private async apply(br: BatchRelease, w: RolloutTarget | undefined, a: BatchReleaseAction): Promise<void> {
    const ns = br.metadata.namespace!;
    const k = this.kube;
    switch (a.kind) {
      case "addFinalizer":
      case "removeFinalizer": {
        const rest = (br.metadata.finalizers ?? []).filter((f) => f !== BATCH_RELEASE_FINALIZER);
        const finalizers = a.kind === "addFinalizer" ? [...rest, BATCH_RELEASE_FINALIZER] : rest;
        const body = { metadata: { finalizers, resourceVersion: br.metadata.resourceVersion } };
        return patchObject(k, "batchreleases", ns, br.metadata.name, body);
      }
      case "patchWorkload":
        if (w!.kind === "CloneSet") await k.mergePatchCloneSet(ns, w!.object.metadata.name, a.patch);
        else await k.mergePatchCustom(STATEFULSET_REF, ns, w!.object.metadata.name, a.patch);
        return;
      case "patchPod":
        await k.patchPod(ns, a.name, a.patch);
        return;
      case "event":
        this.events.record(
          {
            apiVersion: ROLLOUT_API_VERSION,
            kind: "BatchRelease",
            name: br.metadata.name,
            namespace: ns,
            uid: br.metadata.uid!,
          },
          { type: a.type, reason: a.reason, message: a.message },
        );
        return;
    }
  }
}
