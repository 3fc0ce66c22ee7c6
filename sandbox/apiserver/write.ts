import { admit } from "./mechanics/admission";
import { validateBuiltin } from "./mechanics/builtin";
import { recordUpdate, type Writer } from "./mechanics/managed-fields";
import { validateCustomResource } from "./mechanics/schema";
import { errors, type FieldError } from "./status";
import type { Cluster, WriteCtx } from "./cluster";
import {
  copy,
  generateName,
  newUid,
  rfc3339,
  sameButResourceVersion,
  sameButServerFields,
  sameContent,
  toWireTimes,
} from "./meta";
import { apiVersionOf, grKey, type Obj, type ResourceType } from "./types";
import { onStored, prepareForCreate } from "./hooks";

export interface WriteOpts {
  managedFieldsDone?: boolean;
  subresource?: string;
}

/** apiVersion/kind in a body must match the endpoint (apiserver decoding into the endpoint's GVK). */
export function checkTypeMeta(rt: ResourceType, obj: Obj) {
  const want = apiVersionOf(rt);
  if (obj.apiVersion !== undefined && obj.apiVersion !== want) {
    const groupOnly =
      String(obj.apiVersion).split("/").length === 2 && String(obj.apiVersion).split("/")[0] === rt.group;
    if (!groupOnly)
      throw errors.badRequest(
        `the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`,
      );
  }
  if (obj.kind !== undefined && obj.kind !== rt.kind) {
    throw errors.badRequest(`the kind in the data (${obj.kind}) does not match the expected kind (${rt.kind})`);
  }
}

function setNamespace(rt: ResourceType, ns: string | undefined, obj: Obj) {
  if (!rt.namespaced) {
    delete obj.metadata.namespace;
    return;
  }
  if (obj.metadata.namespace && obj.metadata.namespace !== ns) {
    throw errors.badRequest("the namespace of the provided object does not match the namespace sent on the request");
  }
  obj.metadata.namespace = ns;
}

/** Paths present before pruning and absent after it (unknown fields). */
function prunedPaths(before: unknown, after: unknown, path = ""): string[] {
  if (Array.isArray(before) && Array.isArray(after))
    return before.flatMap((v, i) => prunedPaths(v, after[i], `${path}[${i}]`));
  if (!before || typeof before !== "object" || Array.isArray(before) || !after || typeof after !== "object") return [];
  return Object.keys(before).flatMap((k) => {
    const p = path ? `${path}.${k}` : k;
    return k in (after as Obj) ? prunedPaths((before as Obj)[k], (after as Obj)[k], p) : [p];
  });
}

/** Schema validation + pruning (CRs) or built-in validation; fieldValidation=Strict refuses unknown fields. */
function validate(c: Cluster, rt: ResourceType, obj: Obj, old: Obj | undefined, ctx: WriteCtx, sub?: string): Obj {
  if (rt.builtin) {
    if (sub !== "binding") validateBuiltin(rt.kind, obj, old);
    return obj;
  }
  const pruned = validateCustomResource(obj, rt.crd!, rt.version, { subresource: sub, old }) as Obj;
  if (ctx.fieldValidation !== "Ignore") {
    const unknown = prunedPaths(obj, pruned).map((p) => `unknown field "${p}"`);
    // fieldValidation is a Kubernetes 1.25+ behaviour (v1.20 always prunes silently).
    if (unknown.length && ctx.fieldValidation === "Strict")
      throw errors.badRequest(`strict decoding error: ${unknown.join(", ")}`);
    ctx.warnings.push(...unknown);
  }
  return pruned;
}

const admitCtx = (c: Cluster, rt: ResourceType, ctx: WriteCtx) => ({
  gk: c.gk(rt),
  gr: c.gr(rt),
  lookup: c.lookup,
  list: c.listIn,
  dryRun: ctx.dryRun,
});

const manager = (c: Cluster, rt: ResourceType, ctx: WriteCtx, sub?: string) => ({
  manager: ctx.manager,
  apiVersion: apiVersionOf(rt),
  time: rfc3339(c.now()),
  subresource: sub,
});

function stamp(c: Cluster, rt: ResourceType, obj: Obj, old?: Obj) {
  obj.apiVersion = c.storedApiVersion(rt);
  obj.kind = rt.kind;
  toWireTimes(obj, rt.builtin, old);
}

/**
 * The object as the writer sent it, pruned as the decoder prunes it (no validation): what kube-apiserver 1.20
 * records managed fields from. It runs the field manager before mutating admission (apiserver
 * `pkg/endpoints/handlers/create.go`, `update.go`, `patch.go`), so a field a webhook adds or puts back belongs to no
 * manager, and a field the writer removed leaves its owner's set even when the webhook restores it.
 */
function asSent(rt: ResourceType, sent: Obj, old: Obj | undefined): Obj {
  if (rt.builtin) return sent;
  try {
    return validateCustomResource(sent, rt.crd!, rt.version, { old }) as Obj;
  } catch {
    return sent; // invalid until admission completes it: the admitted object is validated below
  }
}

/** `obj`'s managed fields after an Update-operation write of `sent` (the object before admission) over `old`. */
function recordBeforeAdmission(rt: ResourceType, old: Obj | undefined, sent: Obj, obj: Obj, m: Writer) {
  const recorded = recordUpdate(old, asSent(rt, sent, old), m) as Obj;
  if (recorded.metadata.managedFields) obj.metadata.managedFields = recorded.metadata.managedFields;
  else delete obj.metadata.managedFields;
}

/** POST (takes ownership of `input`, which callers pass fresh): decode → admission → validation → metadata → managedFields → store (store `Create`, registry/rest/create.go). */
export function createObject(
  c: Cluster,
  rt: ResourceType,
  ns: string | undefined,
  input: Obj,
  ctx: WriteCtx,
  o: WriteOpts = {},
): Obj {
  const obj = input;
  checkTypeMeta(rt, obj);
  obj.metadata = obj.metadata && typeof obj.metadata === "object" ? obj.metadata : {};
  setNamespace(rt, ns, obj);
  const m = obj.metadata;
  if (!m.name && m.generateName) m.name = generateName(String(m.generateName), c.random);
  if (!m.name) {
    throw errors.invalid(c.gk(rt), "", [
      { type: "FieldValueRequired", field: "metadata.name", detail: "name or generateName is required" },
    ]);
  }
  c.checkNamespace(rt, ns, m.name);
  for (const k of [
    "uid",
    "resourceVersion",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "generation",
  ])
    delete m[k];
  if (!o.managedFieldsDone) delete m.managedFields;
  if (rt.status && !rt.builtin) delete obj.status; // status subresource: create ignores .status
  prepareForCreate(rt, obj);
  let next = admit("CREATE", obj, undefined, admitCtx(c, rt, ctx)) as Obj;
  const mutated = next !== obj; // a webhook's copy; `obj` is what was sent
  next = validate(c, rt, next, undefined, ctx);
  if (c.find(rt, ns, next.metadata.name)) throw errors.alreadyExists(c.gr(rt), next.metadata.name);
  next.metadata.uid = newUid();
  next.metadata.creationTimestamp = rfc3339(c.now());
  if (!rt.builtin || rt.resource === "customresourcedefinitions") next.metadata.generation = 1;
  if (!o.managedFieldsDone && mutated) recordBeforeAdmission(rt, undefined, obj, next, manager(c, rt, ctx));
  else if (!o.managedFieldsDone) next = recordUpdate(undefined, next, manager(c, rt, ctx)) as Obj;
  stamp(c, rt, next);
  if (ctx.dryRun) return c.view(rt, next);
  const stored = c.store.put(grKey(rt), next);
  onStored(c, rt, stored);
  return c.view(rt, c.find(rt, ns, stored.metadata.name) ?? stored);
}

const rvMissing = (): FieldError => ({
  type: "FieldValueInvalid",
  field: "metadata.resourceVersion",
  omitValue: true,
  detail: "0x0: must be specified for an update",
});

/** What a write to `sub` may change: /status only .status; the main resource everything but .status. */
function mergeForSubresource(rt: ResourceType, old: Obj, obj: Obj, sub?: string): Obj {
  if (sub === "binding") return obj;
  if (sub === "status") {
    // The stored parts are shared, not copied: validation and pruning build new objects where they change
    // something, and the rest of the write path only sets members of the new top level and metadata.
    const next: Obj = rt.builtin ? { ...obj, spec: old.spec } : { ...old };
    if (rt.builtin && old.spec === undefined) delete next.spec;
    if (obj.status === undefined) delete next.status;
    else next.status = obj.status;
    if (!rt.builtin)
      next.metadata = {
        ...old.metadata,
        managedFields: obj.metadata?.managedFields ?? old.metadata.managedFields,
      };
    return next;
  }
  if (rt.status) {
    if (old.status === undefined) delete obj.status;
    else obj.status = old.status;
  }
  return obj;
}

/** ValidateObjectMetaUpdate: a terminating object may lose finalizers but not gain new ones. */
function checkFinalizers(c: Cluster, rt: ResourceType, old: Obj, next: Obj) {
  if (!old.metadata.deletionTimestamp) return;
  const before: string[] = old.metadata.finalizers ?? [];
  const added = (next.metadata.finalizers ?? []).filter((f: string) => !before.includes(f));
  if (!added.length) return;
  throw errors.invalid(c.gk(rt), old.metadata.name, [
    {
      type: "FieldValueForbidden",
      field: "metadata.finalizers",
      detail: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f: string) => JSON.stringify(f)).join(", ")}}`,
    },
  ]);
}

const immutableMeta = [
  "uid",
  "creationTimestamp",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
  "generation",
  "name",
  "namespace",
];

/** PUT (and the tail of every patch; takes ownership of `input`): optimistic concurrency, admission, validation, generation, store. */
export function updateObject(
  c: Cluster,
  rt: ResourceType,
  ns: string | undefined,
  name: string,
  input: Obj,
  ctx: WriteCtx,
  o: WriteOpts = {},
): Obj {
  const old = c.mustGet(rt, ns, name);
  const sub = o.subresource;
  const obj = input;
  checkTypeMeta(rt, obj);
  obj.metadata = obj.metadata && typeof obj.metadata === "object" ? obj.metadata : {};
  if (obj.metadata.name && obj.metadata.name !== name) {
    throw errors.badRequest(
      `the name of the object (${obj.metadata.name}) does not match the name on the URL (${name})`,
    );
  }
  setNamespace(rt, ns, obj);
  const rv = obj.metadata.resourceVersion;
  if (!rv && !rt.unconditionalUpdate) throw errors.invalidForResource(c.gr(rt), name, [rvMissing()]);
  if (rv && rv !== old.metadata.resourceVersion) throw errors.conflict(c.gr(rt), name);
  let next = mergeForSubresource(rt, old, obj, sub);
  for (const k of immutableMeta) {
    if (old.metadata[k] === undefined) delete next.metadata[k];
    else next.metadata[k] = old.metadata[k];
  }
  if (!o.managedFieldsDone) next.metadata.managedFields = old.metadata.managedFields;
  checkFinalizers(c, rt, old, next);
  // Stored objects are never changed, so validation may read `old` itself; admission gets a copy it may keep
  // (it acts on CloneSets and Rollouts only: a built-in passes through untouched).
  const oldCopy = sub || rt.builtin ? old : copy(old);
  const sent = next;
  if (!sub) next = admit("UPDATE", next, oldCopy, admitCtx(c, rt, ctx)) as Obj;
  const mutated = next !== sent; // a webhook's copy
  next = validate(c, rt, next, oldCopy, ctx, sub);
  stamp(c, rt, next, old);
  if (old.metadata.generation !== undefined && !sameContent(next, old, rt.status)) {
    next.metadata.generation = old.metadata.generation + 1;
  }
  if (!o.managedFieldsDone && mutated) {
    // The store skips a write only when the whole object, managed fields included, is unchanged (storage
    // GuaranteedUpdate): removing a field its owner set, which the webhook puts back, stores new managed fields
    // under a new resourceVersion with the generation unchanged.
    recordBeforeAdmission(rt, old, sent, next, manager(c, rt, ctx, sub));
    if (sameButResourceVersion(next, old)) return c.view(rt, old);
  } else if (!o.managedFieldsDone) {
    if (sameButServerFields(next, old)) return c.view(rt, old); // no-op: no new RV
    next = recordUpdate(old, next, manager(c, rt, ctx, sub)) as Obj;
  }
  if (ctx.dryRun)
    return c.view(rt, { ...next, metadata: { ...next.metadata, resourceVersion: old.metadata.resourceVersion } });
  if (next.metadata.deletionTimestamp && !next.metadata.finalizers?.length) {
    // An update that clears the last finalizer of a terminating object deletes it (store.go deleteForEmptyFinalizers).
    const last = c.store.remove(grKey(rt), next);
    onStored(c, rt, last, true);
    return c.view(rt, last);
  }
  const stored = c.store.put(grKey(rt), next);
  onStored(c, rt, stored);
  return c.view(rt, stored);
}
