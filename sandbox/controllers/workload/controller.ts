// A controller for one workload kind (Advanced StatefulSet, Advanced DaemonSet): informers, a work queue, cache
// expectations and a pure planner, all through client-node, as the CloneSet controller is built
// (docs/architecture.md §1). The kind supplies where it is served, its events' component and its planner.
import type { KubeConfig } from "@kubernetes/client-node";
import type { ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import { seededRandom, type Clock } from "../clock";
import { EventRecorder, type InvolvedObject } from "../events";
import { Informer, keyOf } from "../informer";
import { Kube, type CustomRef } from "../kube";
import { podInformer } from "../common-informers";
import { CacheExpectations } from "../cloneset/expectations";
import { WorkQueue } from "../queue";
import { WorkloadExecutor, type WorkloadExecutorHost, type WorkloadObject } from "./executor";
import type { WorkloadPlan } from "./types";

export interface PlanInput<T> {
  obj: T;
  /** Pods the object controls (any state, terminating ones included). */
  pods: Pod[];
  /** ControllerRevisions the object controls. */
  revisions: ControllerRevision[];
  /** Every Node (only for kinds that place pods on nodes). */
  nodes: Node[];
  now: number;
  /** Stands in for orders upstream leaves open (Go map iteration); seeded, replayable. */
  rand: () => number;
  /** Pod name suffixes where the controller names pods itself. */
  randomId: () => string;
}

export interface WorkloadKind<T> {
  ref: CustomRef;
  kind: string;
  /** Event source component, e.g. "statefulset-controller". */
  component: string;
  withNodes: boolean;
  plan(input: PlanInput<T>): WorkloadPlan;
}

export interface WorkloadControllerOptions {
  kc: KubeConfig;
  clock: Clock;
  seed?: number;
  namespace?: string;
  log?: (msg: string) => void;
  /** A pod informer shared with the other controllers (its maker starts and stops it); else its own. */
  pods?: Informer<Pod>;
}

function controllerUid(
  o: { metadata: { ownerReferences?: { controller?: boolean; uid: string; kind: string }[] } },
  kind: string,
) {
  return o.metadata.ownerReferences?.find((r) => r.controller && r.kind === kind)?.uid;
}

const ID_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

export class WorkloadController<
  T extends WorkloadObject & { metadata: { uid?: string } },
> implements WorkloadExecutorHost {
  readonly kube: Kube;
  readonly expectations: CacheExpectations;
  readonly events: EventRecorder;
  readonly ref: CustomRef;
  private objs: Informer<T>;
  private pods: Informer<Pod>;
  private revs: Informer<ControllerRevision>;
  private nodes?: Informer<Node>;
  private own: { stop(): void }[] = [];
  private queue: WorkQueue;
  private byUid = new Map<string, string>();
  private podsByOwner = new Map<string, Set<string>>();
  private revsByOwner = new Map<string, Set<string>>();
  private rnd: () => number;
  private tieSeeds: () => number;

  constructor(
    private kind: WorkloadKind<T>,
    private o: WorkloadControllerOptions,
  ) {
    this.ref = kind.ref;
    this.kube = new Kube(o.kc, "kruise-manager");
    this.rnd = seededRandom(((o.seed ?? 42) ^ 0xa57) >>> 0);
    this.tieSeeds = seededRandom(((o.seed ?? 42) ^ 0xd5) >>> 0);
    this.expectations = new CacheExpectations(o.clock);
    this.events = new EventRecorder(this.kube, o.clock, kind.component, o.log);
    const common = { kc: o.kc, clock: o.clock, log: o.log };
    const ns = o.namespace,
      nsPath = ns ? `/namespaces/${ns}` : "";
    const k = this.kube;
    const { group, version, plural } = kind.ref;
    this.objs = this.owned(
      new Informer<T>({
        ...common,
        path: `/apis/${group}/${version}${nsPath}/${plural}`,
        list: () => k.listCustom<T>(kind.ref, ns),
      }),
    );
    this.pods = o.pods ?? this.owned(podInformer(k, common, ns));
    this.revs = this.owned(
      new Informer<ControllerRevision>({
        ...common,
        path: `/apis/apps/v1${nsPath}/controllerrevisions`,
        list: () => k.listRevisions(ns),
      }),
    );
    if (kind.withNodes)
      this.nodes = this.owned(new Informer<Node>({ ...common, path: "/api/v1/nodes", list: () => k.listNodes() }));
    this.queue = new WorkQueue(o.clock, (key) => this.reconcile(key), o.log);
    this.wire();
  }

  private owned<I extends { stop(): void }>(i: I): I {
    this.own.push(i);
    return i;
  }

  private index(map: Map<string, Set<string>>, owner: string | undefined, key: string, del: boolean): void {
    if (!owner) return;
    let s = map.get(owner);
    if (!s) map.set(owner, (s = new Set()));
    if (del) s.delete(key);
    else s.add(key);
  }

  private wire(): void {
    this.objs.on((type, o) => {
      if (type === "DELETED") this.byUid.delete(o.metadata.uid!);
      else this.byUid.set(o.metadata.uid!, keyOf(o));
      this.expectations.observeRV(`obj:${keyOf(o)}`, o.metadata.resourceVersion);
      this.queue.add(keyOf(o));
    });
    this.pods.on((type, pod) => {
      const owner = controllerUid(pod, this.kind.kind),
        key = keyOf(pod);
      this.index(this.podsByOwner, owner, key, type === "DELETED");
      this.expectations.observeRV(`pod:${key}`, pod.metadata.resourceVersion);
      const objKey = owner && this.byUid.get(owner);
      if (!objKey) return;
      if (type === "ADDED" || type === "DELETED" || pod.metadata.deletionTimestamp)
        this.expectations.observe(objKey, key);
      this.queue.add(objKey);
    });
    this.revs.on((type, rev) => {
      const owner = controllerUid(rev, this.kind.kind),
        key = keyOf(rev);
      this.index(this.revsByOwner, owner, key, type === "DELETED");
      const objKey = owner && this.byUid.get(owner);
      if (!objKey) return;
      this.expectations.observe(objKey, `rev:${key}`);
      this.queue.add(objKey);
    });
    this.nodes?.on(() => {
      for (const o of this.objs.items()) this.queue.add(keyOf(o));
    });
  }

  async start(): Promise<void> {
    await this.objs.start();
    await this.revs.start();
    await this.nodes?.start();
    await this.pods.start();
    for (const o of this.objs.items()) this.queue.add(keyOf(o));
  }

  stop(): void {
    this.queue.stop();
    for (const i of this.own) i.stop();
  }

  idle(): boolean {
    return this.queue.idle();
  }

  involved(o: WorkloadObject): InvolvedObject {
    return {
      apiVersion: `${this.ref.group}/${this.ref.version}`,
      kind: this.kind.kind,
      name: o.metadata.name!,
      namespace: o.metadata.namespace!,
      uid: o.metadata.uid!,
      resourceVersion: o.metadata.resourceVersion,
    };
  }

  cachedPod(key: string): Pod | undefined {
    return this.pods.get(key);
  }

  cachedObject(key: string): WorkloadObject | undefined {
    return this.objs.get(key);
  }

  log(m: string): void {
    this.o.log?.(m);
  }

  private owners<R>(map: Map<string, Set<string>>, uid: string, inf: Informer<R & { metadata?: object }>): R[] {
    return [...(map.get(uid) ?? [])].sort().flatMap((k) => {
      const x = inf.get(k);
      return x ? [x] : [];
    });
  }

  private async reconcile(key: string): Promise<void> {
    const obj = this.objs.get(key);
    if (!obj) return;
    const uid = obj.metadata.uid!;
    const owned = this.podsByOwner.get(uid);
    const mine = (k: string) => k === `obj:${key}` || (k.startsWith("pod:") && !!owned?.has(k.slice(4)));
    if (!this.expectations.satisfied(key, mine)) {
      this.queue.addAfter(key, 1000);
      return;
    }
    const tieSeed = Math.floor(this.tieSeeds() * 2 ** 32);
    const plan = this.kind.plan({
      obj,
      pods: this.owners(this.podsByOwner, uid, this.pods),
      revisions: this.owners(this.revsByOwner, uid, this.revs),
      nodes: this.nodes?.items() ?? [],
      now: this.o.clock.now(),
      rand: seededRandom(tieSeed),
      randomId: () =>
        Array.from({ length: 5 }, () => ID_ALPHABET[Math.floor(this.rnd() * ID_ALPHABET.length)]).join(""),
    });
    if (process.env.KRUISE_SANDBOX_DEBUG)
      this.log(
        `${this.kind.kind} ${key} (tie seed ${tieSeed}): ${plan.actions.map((a) => a.kind).join(" ") || "nothing"}${plan.error ? ` error=${plan.error}` : ""}`,
      );
    const ok = await new WorkloadExecutor(this, obj).run(plan.actions);
    if (!ok || plan.error) {
      if (plan.error) this.log(`${key}: ${plan.error}`);
      this.queue.retry(key);
      return;
    }
    this.queue.forget(key);
    if (plan.requeueAfterMs !== undefined && Number.isFinite(plan.requeueAfterMs))
      this.queue.addAfter(key, Math.max(plan.requeueAfterMs, 50));
  }
}
