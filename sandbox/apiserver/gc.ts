import type { Cluster, WriteCtx } from "./cluster";
import { deleteObject } from "./deletion";
import { copy } from "./meta";
import { updateObject } from "./write";
import { grKey, type Obj, type ResourceType } from "./types";

const systemCtx = (manager: string): WriteCtx => ({
  user: { name: `system:serviceaccount:kube-system:${manager}`, groups: ["system:masters"] },
  manager,
  dryRun: false,
  fieldValidation: "Ignore",
  warnings: [],
});

interface Entry {
  rt: ResourceType;
  obj: Obj;
}

/**
 * Garbage collector + namespace and CRD finalizers, run asynchronously after deletions like
 * kube-controller-manager's `pkg/controller/garbagecollector` and `pkg/controller/namespace`.
 * Background: dependents whose owners are all gone are deleted; Orphan: owner refs removed;
 * Foreground: dependents deleted first, then the owner's `foregroundDeletion` finalizer removed.
 */
export class GarbageCollector {
  private scheduled = false;
  private stopped = false;
  private nsSeen = new Map<string, number>();
  private timers = new Set<NodeJS.Timeout>();
  /**
   * `namespaceDelayMs`: how long a deleted namespace stays Terminating before its contents are removed
   * (kube's namespace controller works asynchronously; clients can see the Terminating phase and the 403).
   */
  constructor(
    private c: Cluster,
    private onError: (e: unknown) => void = () => {},
    private namespaceDelayMs = 2000,
  ) {
    // Like the real controllers, which watch every resource: an object that goes away by an update clearing its last
    // finalizer (not a DELETE) may be what a Terminating namespace or a foreground owner was waiting for.
    this.unsubscribe = c.store.subscribe((e) => {
      if (e.type === "DELETED") this.schedule();
    });
  }
  private unsubscribe: () => void;

  schedule = () => {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped) return;
      try {
        if (this.pass()) this.schedule();
      } catch (e) {
        this.onError(e);
      }
    });
  };

  stop() {
    this.stopped = true;
    this.unsubscribe();
    for (const t of this.timers) clearTimeout(t);
  }

  private later(ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.schedule();
    }, ms);
    this.timers.add(t);
  }

  private entries(): Entry[] {
    const seen = new Set<string>();
    const out: Entry[] = [];
    for (const rt of this.c.registry.all()) {
      if (seen.has(grKey(rt))) continue;
      seen.add(grKey(rt));
      for (const obj of this.c.store.list(grKey(rt))) out.push({ rt, obj });
    }
    return out;
  }

  /** One pass; returns true when it changed something (another pass may have more to do). */
  pass(): boolean {
    const all = this.entries();
    const byUid = new Map(all.map((e) => [e.obj.metadata.uid as string, e]));
    let changed = false;
    for (const e of all) changed = this.dependent(e, byUid) || changed;
    for (const e of all) changed = this.owner(e, all) || changed;
    return changed;
  }

  private dependent(e: Entry, byUid: Map<string, Entry>): boolean {
    const refs: Obj[] = e.obj.metadata.ownerReferences ?? [];
    if (!refs.length || !this.c.find(e.rt, e.obj.metadata.namespace, e.obj.metadata.name)) return false;
    const owners = refs.map((r) => byUid.get(r.uid));
    const orphanFrom = refs.filter(
      (r, i) => owners[i]?.obj.metadata.finalizers?.includes("orphan") && owners[i]?.obj.metadata.deletionTimestamp,
    );
    const dangling = refs.filter((_r, i) => !owners[i]);
    const foreground = owners.some(
      (o) => o?.obj.metadata.deletionTimestamp && o.obj.metadata.finalizers?.includes("foregroundDeletion"),
    );
    if (owners.every((o) => !o) || (foreground && !e.obj.metadata.deletionTimestamp)) {
      if (e.obj.metadata.deletionTimestamp) return false; // already going away
      this.del(e);
      return true;
    }
    const drop = [...orphanFrom, ...dangling];
    if (!drop.length) return false;
    const next = copy(e.obj);
    next.metadata.ownerReferences = refs.filter((r) => !drop.includes(r));
    if (!next.metadata.ownerReferences.length) delete next.metadata.ownerReferences;
    updateObject(
      this.c,
      e.rt,
      next.metadata.namespace,
      next.metadata.name,
      next,
      systemCtx("generic-garbage-collector"),
    );
    return true;
  }

  private del(e: Entry) {
    try {
      deleteObject(
        this.c,
        e.rt,
        e.obj.metadata.namespace,
        e.obj.metadata.name,
        {},
        systemCtx("generic-garbage-collector"),
        this.schedule,
      );
    } catch (err) {
      this.onError(err);
    }
  }

  private owner(e: Entry, all: Entry[]): boolean {
    const m = e.obj.metadata;
    if (!m.deletionTimestamp || !this.c.find(e.rt, m.namespace, m.name)) return false;
    if (e.rt.builtin && e.rt.resource === "namespaces") return this.namespace(e, all);
    if (e.rt.builtin && e.rt.resource === "customresourcedefinitions")
      return this.removeFinalizer(e, "customresourcecleanup.apiextensions.k8s.io", () => true);
    const hasDependents = () =>
      all.some(
        (d) =>
          this.c.find(d.rt, d.obj.metadata.namespace, d.obj.metadata.name) &&
          (d.obj.metadata.ownerReferences ?? []).some((r: Obj) => r.uid === m.uid),
      );
    return (
      this.removeFinalizer(e, "orphan", () => !hasDependents()) ||
      this.removeFinalizer(e, "foregroundDeletion", () => !hasDependents())
    );
  }

  private removeFinalizer(e: Entry, f: string, ready: () => boolean): boolean {
    const cur = this.c.find(e.rt, e.obj.metadata.namespace, e.obj.metadata.name);
    if (!cur?.metadata.finalizers?.includes(f) || !ready()) return false;
    if (f === "customresourcecleanup.apiextensions.k8s.io")
      this.c.store.dropTable(grKey({ group: cur.spec.group, resource: cur.spec.names.plural }));
    const next = copy(cur);
    next.metadata.finalizers = cur.metadata.finalizers.filter((x: string) => x !== f);
    updateObject(this.c, e.rt, cur.metadata.namespace, cur.metadata.name, next, systemCtx("generic-garbage-collector"));
    return true;
  }

  /** Namespace controller: delete everything inside, then drop the `kubernetes` finalizer and the namespace. */
  private namespace(e: Entry, all: Entry[]): boolean {
    const ns = e.obj.metadata.name;
    const seen = this.nsSeen.get(e.obj.metadata.uid) ?? Date.now();
    if (!this.nsSeen.has(e.obj.metadata.uid)) {
      this.nsSeen.set(e.obj.metadata.uid, seen);
      this.later(this.namespaceDelayMs);
    }
    if (Date.now() - seen < this.namespaceDelayMs) return false;
    const inside = all.filter(
      (d) => d.rt.namespaced && d.obj.metadata.namespace === ns && this.c.find(d.rt, ns, d.obj.metadata.name),
    );
    let changed = false;
    for (const d of inside)
      if (!d.obj.metadata.deletionTimestamp) {
        this.del(d);
        changed = true;
      }
    if (inside.length) return changed;
    const cur = this.c.find(e.rt, undefined, ns);
    if (!cur) return changed;
    const next = copy(cur);
    next.spec = { ...(next.spec ?? {}), finalizers: [] };
    const stored = this.c.store.put(grKey(e.rt), { ...next, metadata: { ...next.metadata } });
    if (!(stored.metadata.finalizers ?? []).length) this.c.store.remove(grKey(e.rt), stored);
    this.nsSeen.delete(e.obj.metadata.uid);
    return true;
  }
}
