import { errors, qualified } from "./status";
import { servedView } from "./encoded";
import { Registry, storageVersion } from "./resources";
import { Store } from "./store";
import { apiVersionOf, grKey, type Obj, type ResourceType } from "./types";
import { copy } from "./meta";
import type { User } from "./auth";

/** Who writes and how (query parameters common to all writes). */
export interface WriteCtx {
  user: User;
  manager: string; // fieldManager, or the User-Agent's program name
  dryRun: boolean;
  fieldValidation: "Ignore" | "Warn" | "Strict";
  warnings: string[]; // filled with Warning header texts
}

/** The served state: the resource registry and the object store, plus the injected clock. */
export class Cluster {
  readonly registry = new Registry();
  readonly store: Store;

  constructor(
    readonly now: () => Date,
    historyCapacity: number,
    readonly random: () => number = Math.random,
  ) {
    this.store = new Store(historyCapacity);
  }

  gr(rt: { group: string; resource: string }) {
    return { group: rt.group, resource: rt.resource };
  }
  gk(rt: ResourceType) {
    return { group: rt.group, kind: rt.kind };
  }

  /** The stored object or 404 NotFound. */
  mustGet(rt: ResourceType, ns: string | undefined, name: string): Obj {
    const o = this.store.get(grKey(rt), rt.namespaced ? ns : undefined, name);
    if (!o) throw errors.notFound(this.gr(rt), name);
    return o;
  }

  find(rt: ResourceType, ns: string | undefined, name: string): Obj | undefined {
    return this.store.get(grKey(rt), rt.namespaced ? ns : undefined, name);
  }

  /** Lookup by plural resource name (any group), as admission needs it. */
  lookup = (ns: string, resource: string, name: string): Obj | undefined => {
    const rt = this.registry.all().find((t) => t.resource === resource);
    const o = rt && this.find(rt, ns, name);
    return o && copy(o);
  };

  /** Copies of the objects of a plural resource (any group) in a namespace, as admission needs them. */
  listIn = (ns: string, resource: string): Obj[] => {
    const rt = this.registry.all().find((t) => t.resource === resource);
    return rt ? this.store.list(grKey(rt), ns).map((o) => copy(o)) : [];
  };

  /** A copy of a stored object as served at `rt`'s version (CRD versions share storage; no conversion webhook). */
  out(rt: ResourceType, o: Obj): Obj {
    const c = copy(o);
    c.apiVersion = apiVersionOf(rt);
    c.kind = rt.kind;
    return c;
  }

  /**
   * A read-only view of a stored object as served at `rt`'s version (shallow: for responses that are
   * serialized straight away; anything that may change it must use `out`).
   */
  view(rt: ResourceType, o: Obj): Obj {
    return servedView(o, apiVersionOf(rt), rt.kind);
  }

  /** The apiVersion objects are stored at (CRD storage version). */
  storedApiVersion(rt: ResourceType): string {
    return rt.crd ? `${rt.group}/${storageVersion(rt.crd)}` : apiVersionOf(rt);
  }

  /** Namespace must exist and not be terminating for creates (NamespaceLifecycle admission). */
  checkNamespace(rt: ResourceType, ns: string | undefined, name: string) {
    if (!rt.namespaced) return;
    const nsType = this.registry.find("", "v1", "namespaces")!;
    const n = this.find(nsType, undefined, ns ?? "");
    if (!n) throw errors.notFound({ group: "", resource: "namespaces" }, ns ?? "");
    if (n.status?.phase === "Terminating" || n.metadata?.deletionTimestamp) {
      throw errors.raw(
        403,
        `${qualified(this.gr(rt))} "${name}" is forbidden: unable to create new content in namespace ${ns} because it is being terminated`,
        "Forbidden",
        {
          name,
          group: rt.group,
          kind: rt.resource,
          causes: [
            {
              reason: "NamespaceTerminating",
              message: `namespace ${ns} is being terminated`,
              field: "metadata.namespace",
            },
          ],
        },
      );
    }
  }
}
