// Test support: a small in-memory world where the pure Rollout and BatchRelease machines act on a modelled
// CloneSet (partition arithmetic from lib/kruise/core/partition.ts) or Advanced StatefulSet (ordinals at or above
// the partition update); pods update on command and become ready on command, with the real workload webhook
// applied to template changes. Actions are applied as the controllers apply them (merge patches, whole-status
// replacement).
import type { BatchRelease, CloneSet, Pod, Rollout, StatefulSet } from "@/lib/k8s/objects";
import { partitionReplicas } from "@/lib/kruise/core/partition";
import { mergeValues } from "../../apiserver/mechanics/merge-patch";
import { mutateCloneSetForRollout, mutateStatefulSetForRollout } from "../../apiserver/mechanics/rollout-admission";
import type { Json, JsonObject } from "../../apiserver/mechanics/json";
import { reconcileBatchRelease } from "./batchrelease-machine";
import { BATCH_RELEASE_FINALIZER, ROLLOUT_FINALIZER, ROLLOUT_HASH_ANNOTATION, WORKLOAD_TYPE_LABEL } from "./keys";
import { reconcileRollout } from "./rollout-machine";
import type { RolloutTarget } from "./target";
import type { RolloutAction } from "./types";

// A typed object as the JSON the apiserver mechanics take, and back: a copy either way, as the wire makes one.
const asJson = (v: object): JsonObject => JSON.parse(JSON.stringify(v));
const fromJson = <T>(v: Json): T => JSON.parse(JSON.stringify(v));
const merge = <T extends object>(o: T, patch: object): T => fromJson<T>(mergeValues(asJson(o), asJson(patch)));

export interface SimPod {
  name: string;
  revision: string;
  ready: boolean;
  labels: Record<string, string>;
}

export class World {
  now = Date.parse("2026-01-01T00:00:00Z");
  rollout: Rollout;
  /** The workload, whichever its kind (named for the CloneSet the world began with). */
  cloneSet: CloneSet;
  batchRelease?: BatchRelease;
  pods: SimPod[] = [];
  events: string[] = [];
  revisions = 1;

  constructor(
    name: string,
    replicas: number,
    steps: object[],
    readonly kind: RolloutTarget["kind"] = "CloneSet",
  ) {
    const apiVersion = kind === "CloneSet" ? "apps.kruise.io/v1alpha1" : "apps.kruise.io/v1beta1";
    this.rollout = {
      apiVersion: "rollouts.kruise.io/v1beta1",
      kind: "Rollout",
      metadata: { name, namespace: "default", uid: "rollout-uid", generation: 1 },
      spec: {
        workloadRef: { apiVersion, kind, name },
        strategy: { canary: { steps: structuredClone(steps) } },
      },
    } as Rollout;
    const sts = kind === "StatefulSet";
    this.cloneSet = {
      apiVersion,
      kind,
      metadata: { name, namespace: "default", uid: "cs-uid", generation: 1, labels: {}, annotations: {} },
      spec: {
        replicas,
        selector: { matchLabels: { app: name } },
        template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image: "v1" }] } },
        updateStrategy: sts ? { type: "RollingUpdate", rollingUpdate: { partition: 0 } } : { partition: 0 },
      },
      status: {
        replicas,
        updatedReplicas: replicas,
        updatedReadyReplicas: replicas,
        readyReplicas: replicas,
        availableReplicas: replicas,
        observedGeneration: 1,
        currentRevision: `${name}-h1`,
        updateRevision: `${name}-h1`,
      },
    } as CloneSet;
    // An Advanced StatefulSet's pods carry the whole revision name; a CloneSet's, its hash.
    const label = sts ? "controller-revision-hash" : "pod-template-hash";
    for (let i = 0; i < replicas; i++)
      this.pods.push({ name: `${name}-${i}`, revision: "h1", ready: true, labels: { [label]: this.revLabel("h1") } });
  }

  private revLabel(rev: string): string {
    return this.kind === "CloneSet" ? rev : `${this.cloneSet.metadata.name}-${rev}`;
  }

  /** The workload as the machines take it. */
  get target(): RolloutTarget {
    return this.kind === "CloneSet"
      ? { kind: "CloneSet", object: this.cloneSet }
      : { kind: "StatefulSet", object: this.cloneSet as unknown as StatefulSet };
  }

  get replicas(): number {
    return this.cloneSet.spec.replicas ?? 1;
  }
  get partition() {
    const t = this.target;
    return t.kind === "CloneSet"
      ? t.object.spec.updateStrategy?.partition
      : t.object.spec.updateStrategy?.rollingUpdate?.partition;
  }
  /** The names of the pods on the newest revision, in order (an ASTS's by ordinal). */
  get updatedPods(): string[] {
    return this.pods.filter((p) => p.revision === `h${this.revisions}`).map((p) => p.name);
  }
  get updated(): number {
    return this.cloneSet.status!.updatedReplicas ?? 0;
  }
  get canary() {
    return this.rollout.status?.canaryStatus;
  }
  get step(): string {
    return `${this.canary?.currentStepIndex}/${this.canary?.currentStepState}`;
  }
  get reason(): string | undefined {
    return this.rollout.status?.conditions?.find((c) => c.type === "Progressing")?.reason;
  }
  get batch(): string | undefined {
    const b = this.batchRelease?.status?.canaryStatus;
    return this.batchRelease && `${b?.currentBatch},${b?.batchState}`;
  }

  advance(ms: number): void {
    this.now += ms;
  }

  /** A user's spec change of the CloneSet through the API server: the workload webhook runs, generation bumps. */
  updateCloneSet(edit: (cs: CloneSet) => void): void {
    const next = structuredClone(this.cloneSet);
    edit(next);
    const mutate = this.kind === "CloneSet" ? mutateCloneSetForRollout : mutateStatefulSetForRollout;
    this.cloneSet = fromJson<CloneSet>(
      mutate(asJson(next), asJson(this.cloneSet), (_ns, resource) =>
        resource === "rollouts" ? [asJson(this.rollout)] : [],
      ),
    );
    this.bumpCloneSet();
  }

  setImage(image: string): void {
    this.updateCloneSet((cs) => (cs.spec.template.spec!.containers[0].image = image));
    // Kruise computes the new update revision from the template.
    const rev = `h${++this.revisions}`;
    this.cloneSet.status!.updateRevision = `${this.cloneSet.metadata.name}-${rev}`;
    this.kruise();
  }

  private bumpCloneSet(): void {
    this.cloneSet.metadata.generation = (this.cloneSet.metadata.generation ?? 0) + 1;
  }

  private patchCloneSet(patch: object): void {
    const before = JSON.stringify(this.cloneSet.spec);
    this.cloneSet = merge(this.cloneSet, patch);
    const t = this.target;
    // Kruise defaulting: a partition patched to null becomes 0.
    if (t.kind === "StatefulSet") t.object.spec.updateStrategy!.rollingUpdate!.partition ??= 0;
    else if (t.object.spec.updateStrategy?.partition === undefined)
      t.object.spec.updateStrategy = { ...t.object.spec.updateStrategy, partition: 0 };
    if (JSON.stringify(this.cloneSet.spec) !== before) this.bumpCloneSet();
    this.kruise();
  }

  /**
   * The workload controller: a CloneSet updates pods down to its partition; an Advanced StatefulSet updates the
   * ordinals at or above its partition. New pods start unready; then the status.
   */
  kruise(): void {
    const st = this.cloneSet.status!;
    const rev = st.updateRevision!.slice(st.updateRevision!.lastIndexOf("-") + 1);
    const sts = this.kind === "StatefulSet";
    const want = sts
      ? Math.max(0, this.replicas - Number(this.partition ?? 0))
      : this.replicas - partitionReplicas(this.partition, this.replicas).value;
    let updated = this.pods.filter((p) => p.revision === rev).length;
    const label = sts ? "controller-revision-hash" : "pod-template-hash";
    for (const p of sts ? [...this.pods].reverse() : this.pods) {
      if (updated >= want) break;
      if (p.revision === rev) continue;
      Object.assign(p, { revision: rev, ready: false, labels: { ...p.labels, [label]: this.revLabel(rev) } });
      updated++;
    }
    this.refreshStatus();
  }

  refreshStatus(): void {
    const st = this.cloneSet.status!;
    const rev = st.updateRevision!.slice(st.updateRevision!.lastIndexOf("-") + 1);
    const onRev = this.pods.filter((p) => p.revision === rev);
    st.updatedReplicas = onRev.length;
    st.updatedReadyReplicas = onRev.filter((p) => p.ready).length;
    st.readyReplicas = this.pods.filter((p) => p.ready).length;
    st.observedGeneration = this.cloneSet.metadata.generation;
    if (st.updatedReadyReplicas === this.replicas) st.currentRevision = st.updateRevision;
  }

  /** All updated pods become ready (the kubelet's part). */
  podsReady(): void {
    for (const p of this.pods) p.ready = true;
    this.refreshStatus();
  }

  podObjects(): Pod[] {
    return this.pods.map(
      (p) =>
        ({
          metadata: { name: p.name, namespace: "default", labels: p.labels },
          spec: { containers: [] },
          status: { conditions: [{ type: "Ready", status: p.ready ? "True" : "False" }] },
        }) as Pod,
    );
  }

  /** One Rollout reconcile, its actions applied, then its whole status written. */
  reconcileRollout(): void {
    const res = reconcileRollout({
      rollout: this.rollout,
      workload: this.target,
      batchRelease: this.batchRelease,
      now: this.now,
    });
    for (const a of res.actions) this.applyRollout(a);
    if (res.status) this.rollout = { ...this.rollout, status: structuredClone(res.status) as Rollout["status"] };
  }

  private applyRollout(a: RolloutAction): void {
    const r = this.rollout;
    switch (a.kind) {
      case "addFinalizer":
        r.metadata.finalizers = [...(r.metadata.finalizers ?? []), ROLLOUT_FINALIZER];
        return;
      case "removeFinalizer":
        r.metadata.finalizers = r.metadata.finalizers?.filter((f) => f !== ROLLOUT_FINALIZER);
        return;
      case "patchRolloutHash":
        r.metadata.annotations = { ...r.metadata.annotations, [ROLLOUT_HASH_ANNOTATION]: a.hash };
        return;
      case "labelWorkload":
        this.cloneSet.metadata.labels = { ...this.cloneSet.metadata.labels, [WORKLOAD_TYPE_LABEL]: a.type };
        return;
      case "removeInProgressing":
        return this.patchCloneSet({ metadata: { annotations: { "rollouts.kruise.io/in-progressing": null } } });
      case "createBatchRelease":
        this.batchRelease = {
          ...structuredClone(a.batchRelease),
          metadata: { ...a.batchRelease.metadata, uid: "br-uid", generation: 1 },
        };
        return;
      case "updateBatchRelease":
        this.batchRelease!.spec = structuredClone(a.spec);
        this.batchRelease!.metadata.generation! += 1;
        return;
      case "patchBatchRelease":
        this.batchRelease = merge(this.batchRelease!, a.patch);
        this.batchRelease.metadata.generation! += 1;
        return;
      case "deleteBatchRelease":
        this.batchRelease!.metadata.deletionTimestamp = new Date(this.now).toISOString();
        return;
      case "event":
        this.events.push(a.message);
        return;
    }
  }

  /** One BatchRelease reconcile with its actions applied; a deleted one without finalizers disappears. */
  reconcileBatchRelease(): void {
    if (!this.batchRelease) return;
    const res = reconcileBatchRelease({
      batchRelease: this.batchRelease,
      workload: this.target,
      pods: this.podObjects(),
      now: this.now,
    });
    const br = this.batchRelease;
    for (const a of res.actions) {
      if (a.kind === "addFinalizer")
        br.metadata.finalizers = [...(br.metadata.finalizers ?? []), BATCH_RELEASE_FINALIZER];
      else if (a.kind === "removeFinalizer") br.metadata.finalizers = [];
      else if (a.kind === "patchWorkload") this.patchCloneSet(a.patch);
      else if (a.kind === "patchPod") {
        const p = this.pods.find((x) => x.name === a.name)!;
        p.labels = { ...p.labels, ...(a.patch as { metadata: { labels: Record<string, string> } }).metadata.labels };
      }
    }
    if (res.status) br.status = structuredClone(res.status);
    if (br.metadata.deletionTimestamp && !br.metadata.finalizers?.length) this.batchRelease = undefined;
  }

  /** Reconciles both until neither changes anything (bounded), like the watch-driven controllers at rest. */
  settle(max = 50): void {
    for (let i = 0; i < max; i++) {
      const before = JSON.stringify([this.rollout, this.batchRelease, this.cloneSet, this.pods]);
      this.reconcileRollout();
      this.reconcileBatchRelease();
      if (JSON.stringify([this.rollout, this.batchRelease, this.cloneSet, this.pods]) === before) return;
    }
  }
}
