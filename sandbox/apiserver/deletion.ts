import { admit } from "./mechanics/admission";
import { errors, success } from "./status";
import type { Cluster, WriteCtx } from "./cluster";
import { copy, rfc3339 } from "./meta";
import { onStored } from "./hooks";
import { grKey, type Obj, type ResourceType } from "./types";

export interface DeleteResult {
  code: 200 | 202;
  body: Obj;
}

/** Delete preconditions, worded like the v1.20 store (`registry/generic/registry/store.go` deleteWithoutFinalizers): Kind-qualified. */
function checkPreconditions(rt: ResourceType, live: Obj, opts: Obj) {
  const p = opts.preconditions ?? {};
  const byKind = { group: rt.group, resource: rt.kind };
  if (p.uid && p.uid !== live.metadata.uid) {
    throw errors.conflict(
      byKind,
      live.metadata.name,
      `the UID in the precondition (${p.uid}) does not match the UID in record (${live.metadata.uid}). The object might have been deleted and then recreated`,
    );
  }
  if (p.resourceVersion && p.resourceVersion !== live.metadata.resourceVersion) {
    throw errors.conflict(
      byKind,
      live.metadata.name,
      `the ResourceVersion in the precondition (${p.resourceVersion}) does not match the ResourceVersion in record (${live.metadata.resourceVersion}). The object might have been modified`,
    );
  }
}

/**
 * 200 for every delete, except 202 when the object was not removed yet and the caller explicitly asked
 * for cascading deletion with orphanDependents=false (apiserver `pkg/endpoints/handlers/delete.go`).
 */
const pendingCode = (opts: Obj): 200 | 202 => (opts.orphanDependents === false ? 202 : 200);

/** Pods wait for the kubelet unless unscheduled or finished (pod strategy CheckGracefulDelete). */
function graceFor(rt: ResourceType, live: Obj, opts: Obj): number {
  if (!rt.builtin || rt.resource !== "pods") return 0;
  if (!live.spec?.nodeName || ["Succeeded", "Failed"].includes(live.status?.phase)) return 0;
  const g = opts.gracePeriodSeconds ?? live.spec?.terminationGracePeriodSeconds ?? 30;
  return Math.max(0, Number(g));
}

function policyFinalizer(opts: Obj): string | undefined {
  const policy = opts.propagationPolicy ?? (opts.orphanDependents === true ? "Orphan" : undefined);
  if (policy === "Orphan") return "orphan";
  if (policy === "Foreground") return "foregroundDeletion";
  if (policy !== undefined && policy !== "Background") {
    throw errors.invalid({ group: "meta.k8s.io", kind: "DeleteOptions" }, "", [
      {
        type: "FieldValueNotSupported",
        field: "propagationPolicy",
        value: policy,
        detail: `supported values: "Foreground", "Background", "Orphan", "nil"`,
      },
    ]);
  }
  return undefined;
}

/** The body kube answers for an immediate delete: pods return the object, others a Success Status. */
function deletedBody(c: Cluster, rt: ResourceType, last: Obj): Obj {
  if (rt.builtin && rt.resource === "pods") return c.view(rt, last);
  return success({ name: last.metadata.name, group: rt.group, kind: rt.resource, uid: last.metadata.uid });
}

/**
 * DELETE of one object (apiserver `pkg/registry/generic/registry/store.go` Delete + BeforeDelete):
 * preconditions, graceful deletion, finalizers (object stays with deletionTimestamp), propagation policy.
 */
export function deleteObject(
  c: Cluster,
  rt: ResourceType,
  ns: string | undefined,
  name: string,
  opts: Obj,
  ctx: WriteCtx,
  gc: () => void,
): DeleteResult {
  const live = c.mustGet(rt, ns, name);
  checkPreconditions(rt, live, opts);
  const fin = policyFinalizer(opts);
  const liveCopy = copy(live);
  admit("DELETE", liveCopy, liveCopy, { gk: c.gk(rt), gr: c.gr(rt), lookup: c.lookup, dryRun: ctx.dryRun });
  const grace = graceFor(rt, live, opts);
  const finalizers: string[] = [...(live.metadata.finalizers ?? [])];
  if (fin && !finalizers.includes(fin) && !live.metadata.deletionTimestamp) finalizers.push(fin);
  const spec = rt.builtin && rt.resource === "namespaces" ? (live.spec?.finalizers ?? []) : [];
  const already = !!live.metadata.deletionTimestamp;
  if (finalizers.length || grace > 0 || spec.length) {
    if (already && !(rt.resource === "pods" && grace < (live.metadata.deletionGracePeriodSeconds ?? 0))) {
      return { code: pendingCode(opts), body: c.view(rt, live) };
    }
    if (!(already && grace === 0 && !finalizers.length)) {
      const next = copy(live);
      next.metadata.finalizers = finalizers.length ? finalizers : undefined;
      if (!finalizers.length) delete next.metadata.finalizers;
      next.metadata.deletionTimestamp = rfc3339(new Date(c.now().getTime() + grace * 1000));
      next.metadata.deletionGracePeriodSeconds = grace;
      if (next.metadata.generation !== undefined && !already) next.metadata.generation += 1;
      if (rt.resource === "namespaces" && rt.builtin) next.status = { ...(next.status ?? {}), phase: "Terminating" };
      if (ctx.dryRun) return { code: pendingCode(opts), body: c.view(rt, next) };
      const stored = c.store.put(grKey(rt), next);
      gc();
      return { code: pendingCode(opts), body: c.view(rt, stored) };
    }
  }
  if (ctx.dryRun) return { code: 200, body: deletedBody(c, rt, live) };
  const last = c.store.remove(grKey(rt), live);
  onStored(c, rt, last, true);
  gc();
  return { code: 200, body: deletedBody(c, rt, last) };
}

/** DELETE on a collection: each matching object is deleted with the same options; the list of them is returned. */
export function deleteCollection(
  c: Cluster,
  rt: ResourceType,
  items: Obj[],
  opts: Obj,
  ctx: WriteCtx,
  gc: () => void,
): Obj {
  const out: Obj[] = [];
  for (const o of items) {
    try {
      const r = deleteObject(c, rt, o.metadata.namespace, o.metadata.name, opts, ctx, gc);
      out.push(r.body.kind === "Status" ? c.view(rt, o) : r.body);
    } catch (e) {
      if ((e as { code?: number }).code !== 404) throw e;
    }
  }
  return {
    kind: rt.listKind,
    apiVersion: rt.group ? `${rt.group}/${rt.version}` : rt.version,
    metadata: { resourceVersion: String(c.store.currentRV()) },
    items: out,
  };
}
