import { storedJson } from "./encoded";
import { errors } from "./status";
import type { Cluster } from "./cluster";
import { both, parseFieldSelector, parseLabelSelector, type Matcher } from "./selectors";
import { apiVersionOf, grKey, type Obj, type ResourceType } from "./types";

const CONTINUE_EXPIRED =
  "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

interface Snapshot {
  rv: number;
  items: Obj[];
  created: number;
}

/** How long a continue token stays valid (etcd compaction runs every 5 minutes in kube). */
export const CONTINUE_TTL_MS = 5 * 60 * 1000;
const MAX_SNAPSHOTS = 64;

const itemCache = new WeakMap<Obj, Map<string, string>>();
const TYPE_META = ["apiVersion", "kind"];

/**
 * One list item's JSON, cached per stored object (stored objects never change). Built-in list items
 * carry no apiVersion/kind (typed encoding); custom resources keep them, at the served version.
 */
function itemJson(rt: ResourceType, o: Obj): string {
  const variant = rt.builtin ? "" : apiVersionOf(rt);
  let m = itemCache.get(o);
  if (!m) {
    m = new Map();
    itemCache.set(o, m);
  }
  let s = m.get(variant);
  if (s === undefined) {
    s = rt.builtin ? storedJson(o, TYPE_META) : storedJson({ ...o, apiVersion: variant, kind: rt.kind });
    m.set(variant, s);
  }
  return s;
}

/** The JSON text of a list answer (what `Lister.list` returned). */
export function listJson(rt: ResourceType, list: Obj): string {
  return (
    `{"kind":${JSON.stringify(list.kind)},"apiVersion":${JSON.stringify(list.apiVersion)},"metadata":${JSON.stringify(list.metadata)},` +
    `"items":[${list.items.map((o: Obj) => itemJson(rt, o)).join(",")}]}`
  );
}

export function selectorFor(rt: ResourceType, q: URLSearchParams): Matcher {
  return both(parseLabelSelector(q.get("labelSelector")), parseFieldSelector(q.get("fieldSelector"), rt.kind));
}

interface Token {
  rv: number;
  start: number;
  key: string;
}
const encodeToken = (t: Token) => Buffer.from(JSON.stringify({ v: "meta.k8s.io/v1", ...t })).toString("base64url");
function decodeToken(s: string): Token {
  try {
    const t = JSON.parse(Buffer.from(s, "base64url").toString("utf8"));
    if (typeof t.rv === "number" && typeof t.start === "number" && typeof t.key === "string") return t;
  } catch {
    /* fall through */
  }
  throw errors.badRequest(`continue key is not valid: ${s}`);
}

/**
 * LIST with selectors and pagination. Every page of a paginated list is served from the snapshot taken
 * at the first page's resourceVersion (etcd reads at that revision, `pkg/storage/etcd3/store.go` GetList);
 * snapshots expire like compacted revisions → 410 Expired.
 */
export class Lister {
  private snapshots = new Map<string, Snapshot>();
  constructor(
    private c: Cluster,
    private nowMs: () => number,
  ) {}

  list(rt: ResourceType, ns: string | undefined, q: URLSearchParams): Obj {
    const match = selectorFor(rt, q);
    const limit = Number(q.get("limit") ?? 0) || 0;
    const cont = q.get("continue");
    const rvParam = q.get("resourceVersion") ?? "";
    if (cont && rvParam && rvParam !== "0")
      throw errors.badRequest("specifying resource version is not allowed when using continue");
    const current = this.c.store.currentRV();
    const want = rvParam && rvParam !== "0" ? Number(rvParam) : undefined;
    if (rvParam && rvParam !== "0" && !/^\d+$/.test(rvParam))
      throw errors.badRequest(`invalid resource version: ${rvParam}`);
    if (want !== undefined && want > current)
      throw errors.raw(504, `Too large resource version: ${want}, current: ${current}`, "Timeout", {
        causes: [{ reason: "ResourceVersionTooLarge", message: "Too large resource version" }],
        retryAfterSeconds: 1,
      });
    let snap: Snapshot;
    let start = 0;
    if (cont) {
      const t = decodeToken(cont);
      const s = this.snapshots.get(`${grKey(rt)}|${ns ?? ""}|${t.key}`);
      if (!s || this.nowMs() - s.created > CONTINUE_TTL_MS) throw errors.expired(CONTINUE_EXPIRED);
      snap = s;
      start = t.start;
    } else if (limit > 0 && want !== undefined && want !== current) {
      // Exact-RV paged list of an older revision: only possible while a snapshot of it is kept.
      const s = [...this.snapshots.values()].find((x) => x.rv === want);
      if (!s) throw errors.expired(`too old resource version: ${want} (${current})`);
      snap = s;
    } else {
      snap = {
        rv: current,
        items: this.c.store.list(grKey(rt), rt.namespaced ? ns : undefined),
        created: this.nowMs(),
      };
    }
    // resourceVersion=0 is served from the watch cache, which ignores limit in v1.20.
    const paged = limit > 0 && rvParam !== "0";
    return this.page(rt, ns, snap, start, paged ? limit : 0, match);
  }

  private page(
    rt: ResourceType,
    ns: string | undefined,
    snap: Snapshot,
    start: number,
    limit: number,
    match: Matcher,
  ): Obj {
    const items: Obj[] = [];
    let i = start;
    for (; i < snap.items.length && (limit === 0 || items.length < limit); i++)
      if (match(snap.items[i])) items.push(snap.items[i]);
    const meta: Obj = { resourceVersion: String(snap.rv) };
    const more = limit > 0 && snap.items.slice(i).some(match);
    if (more) {
      const key = `${snap.rv}-${snap.created}`;
      this.keep(`${grKey(rt)}|${ns ?? ""}|${key}`, snap);
      meta.continue = encodeToken({ rv: snap.rv, start: i, key });
      meta.remainingItemCount = snap.items.slice(i).filter(match).length;
    }
    // Items are the stored (immutable) objects: serialize with listJson, never modify them.
    return { kind: rt.listKind, apiVersion: apiVersionOf(rt), metadata: meta, items };
  }

  private keep(k: string, s: Snapshot) {
    this.snapshots.set(k, s);
    if (this.snapshots.size > MAX_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value!);
  }

  /** Forget all snapshots (simulated restart: compaction). */
  reset() {
    this.snapshots.clear();
  }
}
