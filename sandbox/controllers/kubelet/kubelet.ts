// The kubelet simulator: fake Nodes, binds pods, runs containers through the fake runtime and
// reports status — a client of the API server like any kubelet (field manager "kubelet").
import type { KubeConfig } from "@kubernetes/client-node";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import type { Pod, PodCondition } from "@/lib/k8s/objects";
import { seededRandom, type Clock } from "../clock";
import { keyOf, type Informer } from "../informer";
import { podInformer } from "../common-informers";
import { errorCode, errorMessage, Kube } from "../kube";
import { startKubeletEndpoint, type KubeletEndpoint, type KubeletPod } from "./log-server";
import { clearNotReadyTaint, NODE_ADDRESS, nodeObject } from "./node";
import { targetNodeName } from "@/lib/kruise/daemonset/daemon-pods";
import { Placement } from "./placement";
import { podConditions, statusChanged, statusPatch, withReportedConditions } from "./pod-status";
import {
  advance,
  between,
  containerStatus,
  FAST_DELAYS,
  newCtr,
  nextChange,
  NORMAL_DELAYS,
  unseenUntil,
  type Ctr,
  type Delays,
} from "./runtime";

/** rfc3339 of the last second asked for again: every sync formats the current time, which changes once a second. */
let lastSecond = NaN,
  lastIso = "";
function secondIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) [lastSecond, lastIso] = [second, rfc3339(ms)];
  return lastIso;
}

export interface KubeletOptions {
  kc: KubeConfig;
  clock: Clock;
  fast?: boolean;
  nodes?: number;
  seed?: number;
  log?: (m: string) => void;
  concurrency?: number;
  namespace?: string;
  /** A pod informer shared with the controllers (its maker starts and stops it); else its own. */
  pods?: Informer<Pod>;
  /**
   * Its nodes are `<nodePrefix>-1` … (default "sandbox-node"). Kubelets sharing one API server (test files on one
   * kube-apiserver) each need nodes of their own to serve logs: a Node advertises one kubelet's endpoint.
   */
  nodePrefix?: string;
}

interface PodRt {
  node: string;
  ip: string;
  ctrs: Map<string, Ctr>;
  startTime: number;
  timer?: unknown;
  killAt?: number;
  deleted?: boolean;
  binding?: boolean;
  /** the kubelet conditions this kubelet last reported: its own record, as the status manager keeps one */
  reported?: PodCondition[];
  /** resourceVersion of the pod our last status write was computed from: while the cache still shows it, it is stale */
  basedOn?: string;
}

export class Kubelet {
  readonly kube: Kube;
  private pods: Informer<Pod>;
  private rt = new Map<string, PodRt>();
  private rnd: () => number;
  private d: Delays;
  private nodeNames: string[];
  private podsPerNode = new Map<string, number>();
  /** Node of every live pod, bound or being bound by us: what spreads a burst before any binding is visible. */
  private placement = new Placement();
  private dirty = new Set<string>();
  /** keys being synced: one sync per pod at a time, as a workqueue guarantees */
  private syncing = new Set<string>();
  private running = 0;
  private stopped = false;
  private scale: number;
  private endpoints: KubeletEndpoint[] = [];

  constructor(private o: KubeletOptions) {
    this.kube = new Kube(o.kc, "kubelet");
    this.rnd = seededRandom(o.seed ?? 7);
    this.d = o.fast ? FAST_DELAYS : NORMAL_DELAYS;
    this.scale = o.fast ? 0.01 : 0.1;
    const prefix = o.nodePrefix ?? "sandbox-node";
    this.nodeNames = Array.from({ length: o.nodes ?? 3 }, (_, i) => `${prefix}-${i + 1}`);
    this.pods = o.pods ?? podInformer(this.kube, { kc: o.kc, clock: o.clock, log: o.log }, o.namespace);
    this.pods.on((type, pod) => {
      if (type === "DELETED") this.forget(keyOf(pod));
      else {
        if (pod.spec.nodeName) this.placement.set(keyOf(pod), pod.spec.nodeName);
        this.mark(keyOf(pod));
      }
    });
  }

  async start(): Promise<void> {
    const host = { pod: (node: string, ns: string, name: string) => this.podOn(node, ns, name), delays: this.d };
    for (const [i, name] of this.nodeNames.entries()) {
      const endpoint = await startKubeletEndpoint(name, { ...host, clock: this.o.clock });
      this.endpoints.push(endpoint);
      await this.kube.ensureNode(nodeObject(name, i, endpoint.port));
      await clearNotReadyTaint(this.kube, name);
    }
    await this.pods.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.o.pods) this.pods.stop();
    for (const r of this.rt.values()) if (r.timer !== undefined) this.o.clock.clearTimeout(r.timer);
    await Promise.all(this.endpoints.splice(0).map((e) => e.close()));
  }

  /** A pod this kubelet runs on `node`, with its containers (the log endpoint's pod manager). */
  private podOn(node: string, namespace: string, name: string): KubeletPod | undefined {
    const key = `${namespace}/${name}`;
    const pod = this.pods.get(key);
    const r = this.rt.get(key);
    if (!pod || !r || r.node !== node || pod.spec.nodeName !== node) return undefined;
    return { pod, ctrs: r.ctrs };
  }

  idle(): boolean {
    return this.dirty.size === 0 && this.running === 0;
  }

  private forget(key: string): void {
    const r = this.rt.get(key);
    if (r?.timer !== undefined) this.o.clock.clearTimeout(r.timer);
    if (r) this.podsPerNode.set(r.node, (this.podsPerNode.get(r.node) ?? 1) - 1);
    this.rt.delete(key);
    this.placement.delete(key);
  }

  private mark(key: string): void {
    if (this.stopped) return;
    this.dirty.add(key);
    this.pump();
  }

  private pump(): void {
    const max = this.o.concurrency ?? 8;
    if (this.running >= max) return;
    // Deleting the visited entry while iterating a Set is safe; keys being synced wait their turn.
    for (const key of this.dirty) {
      if (this.running >= max) break;
      if (this.syncing.has(key)) continue;
      this.dirty.delete(key);
      this.syncing.add(key);
      this.running++;
      this.sync(key)
        .catch((e) => {
          if (errorCode(e) !== 404 && errorCode(e) !== 409) this.o.log?.(`kubelet ${key}: ${errorMessage(e)}`);
          if (errorCode(e) !== 404) this.later(key, 200);
        })
        .finally(() => {
          this.syncing.delete(key);
          this.running--;
          this.pump();
        });
    }
  }

  private later(key: string, ms: number): void {
    const r = this.rt.get(key);
    if (!r) {
      this.o.clock.setTimeout(() => this.mark(key), ms);
      return;
    }
    if (r.timer !== undefined) this.o.clock.clearTimeout(r.timer);
    r.timer = this.o.clock.setTimeout(() => {
      r.timer = undefined;
      this.mark(key);
    }, ms);
  }

  /**
   * The node for `key`: the one already chosen for it, else the node its affinity names, else the least loaded,
   * counting every pod placed on a node (bound, seen bound in the informer, or with a bind in flight) rather than only
   * pods already synced, so a burst of creations spreads however fast the API server answers.
   */
  private pickNode(key: string, pod: Pod): string | undefined {
    const chosen = this.placement.get(key);
    if (chosen) return chosen;
    // A DaemonSet's pod names its node in a required node affinity (matchFields metadata.name): bind it there, or
    // not at all when that node is not one of ours.
    const named = targetNodeName(pod);
    if (named !== undefined) {
      if (!this.nodeNames.includes(named)) return undefined;
      this.placement.set(key, named);
      return named;
    }
    const node = this.placement.leastLoaded(this.nodeNames);
    this.placement.set(key, node);
    return node;
  }

  private async sync(key: string): Promise<void> {
    const pod = this.pods.get(key);
    if (!pod) return;
    const now = this.o.clock.now();
    if (!pod.spec.nodeName) return this.schedule(key, pod);
    if (!this.nodeNames.includes(pod.spec.nodeName)) return;
    let r = this.rt.get(key);
    if (!r) {
      const node = pod.spec.nodeName,
        idx = this.nodeNames.indexOf(node) + 1;
      const n = (this.podsPerNode.get(node) ?? 0) + 1;
      this.podsPerNode.set(node, n);
      r = { node, ip: `10.244.${idx}.${(n % 250) + 2}`, ctrs: new Map(), startTime: now };
      this.rt.set(key, r);
    }
    if (pod.metadata.deletionTimestamp) return this.terminate(key, pod, r, now);
    // The cache has not yet shown our last status write: computing from it would report an older
    // status over the newer one. Wait for the watch event (the informer marks the key again).
    if (r.basedOn !== undefined && pod.metadata.resourceVersion === r.basedOn) return this.later(key, 50);
    for (const c of pod.spec.containers) {
      const cur = r.ctrs.get(c.name) ?? newCtr(c.name, c.image ?? "", now, this.d, this.rnd);
      r.ctrs.set(c.name, advance({ ...cur, wantImage: c.image ?? "" }, now, this.d, this.rnd));
    }
    // Nothing to report while a container is between two states the kubelet reports (runtime.ts unseenUntil): the
    // timer below wakes the sync when the window ends.
    const unseen = pod.spec.containers.some(
      (c) => unseenUntil(r.ctrs.get(c.name)!, now, !!c.readinessProbe) !== undefined,
    );
    if (!unseen) await this.report(pod, r, now);
    const next = Math.min(...[...r.ctrs.values()].map((c) => nextChange(c, now) ?? Infinity));
    if (Number.isFinite(next)) this.later(key, next - now + 1);
  }

  private async schedule(key: string, pod: Pod): Promise<void> {
    if (pod.metadata.deletionTimestamp) {
      await this.kube.deletePod(pod.metadata.namespace!, pod.metadata.name!, 0);
      return;
    }
    const node = this.pickNode(key, pod);
    if (node === undefined) return;
    const wait = between(this.rnd, this.o.fast ? [5, 30] : [100, 400]);
    this.o.clock.setTimeout(() => {
      const cur = this.pods.get(key);
      if (!cur || cur.spec.nodeName || cur.metadata.uid !== pod.metadata.uid) return;
      this.kube.bindPod(pod.metadata.namespace!, pod.metadata.name!, node).catch((e) => {
        if (errorCode(e) === 404) this.placement.delete(key);
        if (errorCode(e) !== 409 && errorCode(e) !== 404) this.o.log?.(`bind ${key}: ${errorMessage(e)}`);
      });
    }, wait);
  }

  private async report(pod: Pod, r: PodRt, now: number): Promise<void> {
    const nowIso = secondIso(now);
    const ref = `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
    const containerStatuses = pod.spec.containers.map((c) => containerStatus(r.ctrs.get(c.name)!, now, this.d, ref));
    const phase = containerStatuses.some((s) => s.started || s.restartCount > 0 || s.state?.running)
      ? "Running"
      : "Pending";
    // Transition times come from what this kubelet last reported, never from the API copy: the real
    // status manager does the same (kubelet pkg/kubelet/status/status_manager.go updateStatusInternal,
    // updateLastTransitionTime against its own podStatuses cache), so a pod's Ready time cannot move back.
    const conditions = podConditions(withReportedConditions(pod, r.reported), containerStatuses, nowIso);
    const next = { phase, conditions, containerStatuses, podIP: r.ip };
    if (!statusChanged(pod, next)) {
      r.reported = conditions;
      return;
    }
    const status = statusPatch(pod.status, {
      ...next,
      hostIP: NODE_ADDRESS,
      podIPs: [{ ip: r.ip }],
      startTime: rfc3339(r.startTime),
      qosClass: pod.status?.qosClass ?? "BestEffort",
    });
    const written = await this.kube.patchPod(pod.metadata.namespace!, pod.metadata.name!, { status }, true);
    r.reported = conditions;
    // A write that changed nothing keeps the resourceVersion: then no newer version is coming.
    r.basedOn = written.resourceVersion !== pod.metadata.resourceVersion ? pod.metadata.resourceVersion : undefined;
  }

  /** Graceful termination: stop containers after the (scaled) grace period, then DELETE with grace 0. */
  private async terminate(key: string, pod: Pod, r: PodRt, now: number): Promise<void> {
    if (r.deleted) return;
    const grace =
      (pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30) * 1000 * this.scale;
    r.killAt ??= now + Math.min(grace, this.o.fast ? 300 : 30_000);
    if (now < r.killAt) return this.later(key, r.killAt - now);
    r.deleted = true;
    await this.kube.deletePod(pod.metadata.namespace!, pod.metadata.name!, 0, pod.metadata.uid);
  }
}
