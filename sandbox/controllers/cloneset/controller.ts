// The CloneSet controller simulator: informers + work queue + the pure planner, all through client-node.
import type { KubeConfig } from "@kubernetes/client-node";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { controllerRefOf, type Owned } from "@/lib/kruise/core/owner";
import { seededRandom, type Clock } from "../clock";
import { EventRecorder, type InvolvedObject } from "../events";
import { Informer, keyOf } from "../informer";
import { Kube } from "../kube";
import { cloneSetInformer, podInformer, type SharedInformers } from "../common-informers";
import { CacheExpectations } from "./expectations";
import { Executor, type ExecutorHost } from "./executor";
import { plan } from "./plan";
import { randomInstanceId } from "./pod-factory";
import { StatusTally } from "./tally";
import { WorkQueue } from "../queue";

export interface CloneSetControllerOptions {
  kc: KubeConfig;
  clock: Clock;
  seed?: number;
  /** Only this namespace (tests); all namespaces when unset. */
  namespace?: string;
  log?: (msg: string) => void;
  /** Informers shared with the other controllers (their maker starts and stops them); else its own. */
  shared?: SharedInformers;
}

/** localeCompare's order at a fraction of its cost (one collator, not one per comparison). */
const byName = new Intl.Collator().compare;
const nameOf = (k: string) => k.slice(k.indexOf("/") + 1);
/** Pod keys (namespace/name) by pod name, ties (same name in two namespaces) by key so the order is total. */
const byKeyName = (a: string, b: string) => byName(nameOf(a), nameOf(b)) || (a < b ? -1 : a > b ? 1 : 0);

/** Where `key` is, or would go, in `keys` sorted by byKeyName. */
function sortedIndex(keys: string[], key: string): number {
  let lo = 0,
    hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byKeyName(keys[mid], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The UID of the object's controller (docs/kruise-rules.md §8.5): the index key its CloneSet looks it up by. */
const controllerUid = (o: Owned): string | undefined => controllerRefOf(o)?.uid;

export class CloneSetController implements ExecutorHost {
  readonly kube: Kube;
  private sets: Informer<CloneSet>;
  private pods: Informer<Pod>;
  private revs: Informer<ControllerRevision>;
  /** the informers this controller made (shared ones are stopped by their maker) */
  private own: { stop(): void }[] = [];
  private queue: WorkQueue;
  private byUid = new Map<string, string>();
  private podsByOwner = new Map<string, Set<string>>();
  private revsByOwner = new Map<string, Set<string>>();
  private podOrder = new Map<string, string[]>();
  private tallies = new Map<string, StatusTally>();
  readonly expectations: CacheExpectations;
  readonly events: EventRecorder;
  private rnd: () => number;
  /** Seeds each reconcile's tie-break (a fresh start order per reconcile, replayable from `seed`). */
  private tieSeeds: () => number;

  constructor(private o: CloneSetControllerOptions) {
    this.kube = new Kube(o.kc, "kruise-manager");
    this.rnd = seededRandom(o.seed ?? 42);
    this.tieSeeds = seededRandom(((o.seed ?? 42) ^ 0x5eed) >>> 0);
    this.expectations = new CacheExpectations(o.clock);
    this.events = new EventRecorder(this.kube, o.clock, "cloneset-controller", o.log);
    const common = { kc: o.kc, clock: o.clock, log: o.log };
    const ns = o.namespace,
      nsPath = ns ? `/namespaces/${ns}` : "";
    const k = this.kube;
    this.sets = o.shared?.sets ?? this.owned(cloneSetInformer(k, common, ns));
    this.pods = o.shared?.pods ?? this.owned(podInformer(k, common, ns));
    this.revs = this.owned(
      new Informer<ControllerRevision>({
        ...common,
        path: `/apis/apps/v1${nsPath}/controllerrevisions`,
        list: () => k.listRevisions(ns),
      }),
    );
    this.queue = new WorkQueue(o.clock, (k) => this.reconcile(k), o.log);
    this.wire();
  }

  /** Returns whether `key` joined (+1) or left (-1) the owner's set, or 0. */
  private index(map: Map<string, Set<string>>, owner: string | undefined, key: string, del: boolean): number {
    if (!owner) return 0;
    let s = map.get(owner);
    if (!s) map.set(owner, (s = new Set()));
    const had = s.has(key);
    if (del) s.delete(key);
    else s.add(key);
    return had === del ? (del ? -1 : 1) : 0;
  }

  /**
   * The owner's pod keys by pod name. Built by one sort the first time; after that a pod that joins or leaves is
   * put in or taken out at its place (a binary search), so a scale-out does not sort all n pods per reconcile.
   */
  private sortedPodKeys(uid: string): string[] {
    let keys = this.podOrder.get(uid);
    if (!keys) {
      keys = [...(this.podsByOwner.get(uid) ?? [])].sort(byKeyName);
      this.podOrder.set(uid, keys);
    }
    return keys;
  }

  private reorder(uid: string, key: string, change: number): void {
    const keys = this.podOrder.get(uid);
    if (!keys || !change) return;
    const at = sortedIndex(keys, key);
    if (change > 0) keys.splice(at, 0, key);
    else if (keys[at] === key) keys.splice(at, 1);
    else this.podOrder.delete(uid); // not where the order says: rebuild it next time
  }

  private wire(): void {
    this.sets.on((type, cs) => {
      if (type === "DELETED") {
        this.byUid.delete(cs.metadata.uid!);
        this.tallies.delete(cs.metadata.uid!);
      } else this.byUid.set(cs.metadata.uid!, keyOf(cs));
      this.expectations.observeRV(`cs:${keyOf(cs)}`, cs.metadata.resourceVersion);
      this.queue.add(keyOf(cs));
    });
    this.pods.on((type, pod, old) => {
      const owner = controllerUid(pod),
        key = keyOf(pod);
      if (owner) this.reorder(owner, key, this.index(this.podsByOwner, owner, key, type === "DELETED"));
      // A reconcile reads every key its owner has indexed, so the counts follow the same keys.
      const was = old && controllerUid(old);
      for (const o of new Set([owner, was]))
        if (o && this.podsByOwner.get(o)?.has(key)) this.tallies.get(o)?.update(key, this.pods.get(key));
        else if (o) this.tallies.get(o)?.update(key, undefined);
      this.expectations.observeRV(`pod:${key}`, pod.metadata.resourceVersion);
      const csKey = owner && this.byUid.get(owner);
      if (!csKey) return;
      if (type === "ADDED" || type === "DELETED" || pod.metadata.deletionTimestamp)
        this.expectations.observe(csKey, key);
      this.queue.add(csKey);
    });
    this.revs.on((type, rev) => {
      const owner = controllerUid(rev),
        key = keyOf(rev);
      this.index(this.revsByOwner, owner, key, type === "DELETED");
      const csKey = owner && this.byUid.get(owner);
      if (csKey) {
        this.expectations.observe(csKey, `rev:${key}`);
        this.queue.add(csKey);
      }
    });
  }

  async start(): Promise<void> {
    await this.sets.start();
    await this.revs.start();
    await this.pods.start();
    for (const cs of this.sets.items()) this.queue.add(keyOf(cs));
  }

  stop(): void {
    this.queue.stop();
    for (const i of this.own) i.stop();
  }

  private owned<T extends { stop(): void }>(i: T): T {
    this.own.push(i);
    return i;
  }

  idle(): boolean {
    return this.queue.idle();
  }

  involved(cs: CloneSet): InvolvedObject {
    return {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      name: cs.metadata.name!,
      namespace: cs.metadata.namespace!,
      uid: cs.metadata.uid!,
      resourceVersion: cs.metadata.resourceVersion,
    };
  }

  private async reconcile(key: string): Promise<void> {
    const cs = this.sets.get(key);
    if (!cs) return;
    const uid = cs.metadata.uid!;
    const podKeys = this.sortedPodKeys(uid);
    const owned = this.podsByOwner.get(uid);
    const mine = (k: string) => k === `cs:${key}` || (k.startsWith("pod:") && !!owned?.has(k.slice(4)));
    if (!this.expectations.satisfied(key, mine)) {
      this.debug(`${key}: waiting for the cache to catch up`);
      this.queue.addAfter(key, 1000);
      return;
    }
    const pods = podKeys.map((k) => this.pods.get(k)).filter((p): p is Pod => !!p);
    const revisions = [...(this.revsByOwner.get(uid) ?? [])]
      .map((k) => this.revs.get(k))
      .filter((r): r is ControllerRevision => !!r);
    const tieSeed = Math.floor(this.tieSeeds() * 2 ** 32);
    const p = plan({
      cs,
      pods,
      revisions,
      keptCounts: (rev) => this.keptCounts(cs, rev),
      now: this.o.clock.now(),
      randomId: () => randomInstanceId(this.rnd),
      rand: seededRandom(tieSeed),
    });
    this.debug(
      `${key} (tie seed ${tieSeed}): ${p.actions.map((a) => a.kind + ("pod" in a ? `(${a.pod.metadata.name})` : "")).join(" ") || "nothing"}${p.error ? ` error=${p.error.message}` : ""}`,
    );
    const ok = await new Executor(this, cs).run(p.actions);
    if (p.error)
      this.events.record(this.involved(cs), { type: "Warning", reason: p.error.type, message: p.error.message });
    if (!ok || p.error) {
      this.queue.retry(key);
      return;
    }
    this.queue.forget(key);
    if (p.requeueAfterMs !== undefined && Number.isFinite(p.requeueAfterMs)) this.queue.addAfter(key, p.requeueAfterMs);
  }

  /** The kept counts of the CloneSet's pods (none with minReadySeconds, where they change with the time). */
  private keptCounts(cs: CloneSet, updateRevision: string) {
    if (cs.spec.minReadySeconds) return undefined;
    const uid = cs.metadata.uid!;
    let t = this.tallies.get(uid);
    if (!t) this.tallies.set(uid, (t = new StatusTally()));
    return t.counts(cs, updateRevision, () => this.ownedPods(uid), byKeyName);
  }

  private *ownedPods(uid: string): Iterable<[string, Pod]> {
    for (const k of this.podsByOwner.get(uid) ?? []) {
      const p = this.pods.get(k);
      if (p) yield [k, p];
    }
  }

  cachedCloneSet(key: string): CloneSet | undefined {
    return this.sets.get(key);
  }

  cachedPod(key: string): Pod | undefined {
    return this.pods.get(key);
  }

  private debug(m: string): void {
    if (process.env.KRUISE_SANDBOX_DEBUG) this.o.log?.(m);
  }

  log(m: string): void {
    this.o.log?.(m);
  }

  now(): number {
    return this.o.clock.now();
  }
}
