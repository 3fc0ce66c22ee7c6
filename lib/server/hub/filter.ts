import type { K8sObject } from "@/lib/k8s/wire";
import { Frame } from "./frame";
import type { Listener, ScopeKey } from "./types";

export interface ListDecision {
  allowed: boolean;
  /** why not, when the review itself failed (network, the console lacks RBAC): what to fix */
  failure?: string;
}

/** May the stream's user list (and watch) the scope's resource in `namespace` (null = cluster-wide)? */
export type MayList = (namespace: string | null) => Promise<ListDecision>;

export interface Subscribable {
  subscribe(key: ScopeKey, listener: Listener): () => void;
}

// Filtered snapshots per shared snapshot and allowed-namespace set: users with the same rights share one serialisation.
const filteredMemo = new WeakMap<Frame, Map<string, Frame>>();

/** The snapshot with only the items in `allowed` namespaces; the shared frame itself when nothing is cut. */
export function filterSnapshot(frame: Frame, allowed: (ns: string | undefined) => boolean): Frame {
  if (frame.payload.event !== "snapshot") return frame;
  const data = frame.payload.data;
  const items = data.items.filter((o: K8sObject) => allowed(o.metadata?.namespace));
  if (items.length === data.items.length) return frame;
  const setKey = [...new Set(items.map((o) => o.metadata.namespace ?? ""))].sort().join("\u0000");
  let byFrame = filteredMemo.get(frame);
  if (!byFrame) filteredMemo.set(frame, (byFrame = new Map()));
  let out = byFrame.get(setKey);
  if (!out) byFrame.set(setKey, (out = new Frame({ event: "snapshot", data: { ...data, items } })));
  return out;
}

const MAX_PENDING = 100_000;

/**
 * One resource of one user's stream over a shared hub scope (shared mode): the user receives only
 * objects, events and names they could list themselves. Frames are processed in order through a
 * per-subscriber async queue (access reviews are asynchronous). `recheck()` re-asks; when an answer
 * flips, a fresh filtered snapshot replaces what the browser holds (lib/client/reducer.ts).
 */
export class FilteredSubscription {
  private tasks: (() => Promise<void>)[] = [];
  private pumping = false;
  private unsub?: () => void;
  /** bumped per hub subscription: frames queued from an earlier one are dropped */
  private generation = 0;
  private closed = false;
  /** all-namespaces scope: the user may list cluster-wide (frames pass through untouched) */
  private clusterWide = false;
  /** namespaced scope: current answer; undefined before the first */
  private nsAllowed?: boolean;
  /** all-namespaces scope without cluster-wide rights: answers per object namespace */
  private perNs = new Map<string, boolean>();
  /** all-namespaces scope: the cluster-wide review itself failed (reported once) */
  private failing = false;

  constructor(
    private hub: Subscribable,
    private key: ScopeKey,
    private mayList: MayList,
    private send: (bytes: Uint8Array) => void,
    private overflow: () => void,
  ) {}

  start(): void {
    this.enqueue(() => (this.key.namespace === null ? this.checkAll(true) : this.checkNamespace()));
  }

  recheck(): void {
    this.enqueue(() => (this.key.namespace === null ? this.checkAll(false) : this.checkNamespace()));
  }

  close(): void {
    this.closed = true;
    this.tasks = [];
    this.unsubscribe();
  }

  private enqueue(task: () => Promise<void>): void {
    if (this.closed) return;
    if (this.tasks.length >= MAX_PENDING) return this.overflow();
    this.tasks.push(task);
    if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (!this.closed && this.tasks.length > 0) {
        try {
          await this.tasks.shift()!();
        } catch {
          // a failed send (stream closed under us) must not wedge the queue
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private subscribe(): void {
    this.unsubscribe();
    const gen = this.generation;
    this.unsub = this.hub.subscribe(this.key, (f) =>
      this.enqueue(() => (gen === this.generation ? this.onFrame(f) : Promise.resolve())),
    );
  }

  private unsubscribe(): void {
    this.generation++;
    this.unsub?.();
    this.unsub = undefined;
  }

  /** Namespaced scope: all or nothing; a refusal is one status frame saying which permission is missing. */
  private async checkNamespace(): Promise<void> {
    const ns = this.key.namespace!;
    const d = await this.mayList(ns);
    if (this.closed || d.allowed === this.nsAllowed) return;
    const revoked = this.nsAllowed === true;
    this.nsAllowed = d.allowed;
    if (d.allowed) return this.subscribe();
    this.unsubscribe();
    const { resource } = this.key;
    this.refuse(
      revoked,
      d.failure
        ? `could not check whether you may list ${resource} in namespace ${ns}: ${d.failure}`
        : `you may not list ${resource} in namespace ${ns}`,
    );
  }

  /** Nothing for this user: empty what the browser holds (if it had data) and say why in one status frame. */
  private refuse(hadData: boolean, message: string): void {
    const { resource, namespace } = this.key;
    if (hadData)
      this.send(
        new Frame({ event: "snapshot", data: { resource, namespace, resourceVersion: "", items: [] } }).bytes(),
      );
    this.send(
      new Frame({
        event: "status",
        data: { resource, namespace, state: "error", error: { code: 403, reason: "Forbidden", message } },
      }).bytes(),
    );
  }

  /** All-namespaces scope: cluster-wide rights pass the shared frames; otherwise filter per object namespace. */
  private async checkAll(first: boolean): Promise<void> {
    const d = await this.mayList(null);
    if (this.closed) return;
    if (d.failure) {
      // reviews cannot be made at all (network, the console lacks RBAC): show nothing, say what to fix once
      if (!this.failing)
        this.refuse(
          this.unsub !== undefined,
          `could not check whether you may list ${this.key.resource}: ${d.failure}`,
        );
      this.failing = true;
      return this.unsubscribe();
    }
    const wide = d.allowed;
    let flipped = wide !== this.clusterWide || this.failing;
    this.failing = false;
    this.clusterWide = wide;
    if (!first && !wide) {
      const known = [...this.perNs];
      const answers = await Promise.all(known.map(([ns]) => this.mayList(ns)));
      known.forEach(([ns, was], i) => {
        this.perNs.set(ns, answers[i].allowed);
        if (answers[i].allowed !== was) flipped = true;
      });
    }
    if (this.closed) return;
    // Re-subscribing makes the hub send its current status and snapshot, which onFrame filters afresh.
    if (first || flipped) this.subscribe();
  }

  private async allowedNs(ns: string | undefined): Promise<boolean> {
    if (!ns) return false; // cluster-scoped objects need cluster-wide rights
    let ok = this.perNs.get(ns);
    if (ok === undefined) {
      ok = (await this.mayList(ns)).allowed;
      this.perNs.set(ns, ok);
    }
    return ok;
  }

  private async onFrame(f: Frame): Promise<void> {
    const p = f.payload;
    if (this.key.namespace !== null || this.clusterWide || p.event === "status") return this.send(f.bytes());
    if (p.event === "change") {
      if (await this.allowedNs(p.data.object?.metadata?.namespace)) this.send(f.bytes());
      return;
    }
    for (const ns of new Set(p.data.items.map((o) => o.metadata?.namespace))) await this.allowedNs(ns);
    if (this.closed) return;
    this.send(filterSnapshot(f, (ns) => !!ns && this.perNs.get(ns) === true).bytes());
  }
}
