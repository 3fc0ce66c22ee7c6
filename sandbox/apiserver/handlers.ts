import type { IncomingMessage, ServerResponse } from "node:http";
import type { User } from "./auth";
import type { WriteCtx } from "./cluster";
import { deleteCollection, deleteObject } from "./deletion";
import { listJson } from "./list";
import { rfc3339 } from "./meta";
import { decodeObject, decodeOptional, PlainNotFound, readBody, type RequestInfo } from "./request";
import { accessReview, tokenReview } from "./reviews";
import { decodeProtobufReview } from "./protobuf";
import { virtualResources } from "./resources";
import { toScale, writeScale } from "./scale";
import { errors, success } from "./status";
import { tableVersion, toTable } from "./table";
import { apiVersionOf, type Obj, type ResourceType } from "./types";
import { createObject, updateObject } from "./write";
import { patch } from "./patch-handler";
import { servePodLog } from "./pod-log";
import type { Reply, Services } from "./handler-types";

export type { Reply, Services } from "./handler-types";

/** The served type for a resource path, or 404 like kube for unknown resources/subresources. */
export function resolve(s: Services, info: RequestInfo): ResourceType {
  const rt = s.c.registry.find(info.group, info.version, info.resource ?? "");
  if (!rt) {
    // Built-in group versions answer unknown resources with a Status; other /apis paths reach kube's plain-text NotFound.
    const builtinGV = s.c.registry.all().some((t) => t.builtin && t.group === info.group && t.version === info.version);
    throw info.apiPrefix === "apis" && !builtinGV ? new PlainNotFound() : errors.pathNotFound();
  }
  const sub = info.subresource;
  if (
    sub &&
    !(
      (sub === "status" && rt.status) ||
      (sub === "scale" && rt.scale) ||
      (sub === "binding" && rt.extraSubresources?.includes("binding")) ||
      (sub === "log" && rt.extraSubresources?.includes("log"))
    )
  ) {
    throw errors.pathNotFound();
  }
  if (!rt.namespaced && info.namespace !== undefined) throw errors.pathNotFound();
  if (rt.namespaced && info.name && info.namespace === undefined) throw errors.pathNotFound();
  const verb = info.verb === "watch" && info.name ? "watch" : info.verb;
  const verbs = sub ? (SUBRESOURCE_VERBS[sub] ?? ["get", "patch", "update"]) : rt.verbs;
  if (!verbs.includes(verb)) throw errors.methodNotSupported(s.c.gr(rt), methodName(info.verb));
  return rt;
}

const SUBRESOURCE_VERBS: Record<string, string[]> = { binding: ["create"], log: ["get"] };

const methodName = (verb: string) =>
  (({ deletecollection: "deletecollection", create: "create" }) as Record<string, string>)[verb] ?? verb;

const optionsKind: Record<string, string> = {
  create: "CreateOptions",
  update: "UpdateOptions",
  patch: "PatchOptions",
  delete: "DeleteOptions",
  deletecollection: "DeleteOptions",
};

function writeCtx(user: User, req: IncomingMessage, q: URLSearchParams, verb: string): WriteCtx {
  const dry = q.getAll("dryRun");
  if (dry.some((d) => d !== "All")) {
    // apimachinery ValidateDryRun: %#v of the []string and a FieldValueNotSupported cause.
    throw errors.invalid({ group: "meta.k8s.io", kind: optionsKind[verb] ?? "CreateOptions" }, "", [
      {
        type: "FieldValueNotSupported",
        field: "dryRun",
        omitValue: true,
        detail: `[]string{${dry.map((d) => JSON.stringify(d)).join(", ")}}: supported values: "All"`,
      },
    ]);
  }
  const fv = q.get("fieldValidation") ?? "Ignore";
  if (!["Ignore", "Warn", "Strict"].includes(fv))
    throw errors.badRequest(`fieldValidation: Invalid value: "${fv}": must be one of Ignore, Warn, or Strict`);
  const ua = String(req.headers["user-agent"] ?? "unknown");
  const manager = q.get("fieldManager") ?? ua.split("/")[0];
  if (manager.length > 128)
    throw errors.invalid({ group: "meta.k8s.io", kind: "PatchOptions" }, "", [
      { type: "FieldValueTooLong", field: "fieldManager", detail: "must be no more than 128 characters" },
    ]);
  return { user, manager, dryRun: dry.length > 0, fieldValidation: fv as WriteCtx["fieldValidation"], warnings: [] };
}

/** Serves one resource request (everything but watch, which streams). */
export async function handleResource(
  s: Services,
  info: RequestInfo,
  req: IncomingMessage,
  res: ServerResponse,
  user: User,
  q: URLSearchParams,
): Promise<Reply | undefined> {
  const rt = resolve(s, info);
  const ns = info.namespace,
    name = info.name ?? "",
    sub = info.subresource;
  const table = tableVersion(req.headers.accept);
  switch (info.verb) {
    case "watch": {
      const encode = table
        ? (_t: string, o: Obj) => toTable(rt, [s.c.view(rt, o)], {}, q, table, s.c.now())
        : undefined;
      if (info.name)
        q.set("fieldSelector", [q.get("fieldSelector"), `metadata.name=${info.name}`].filter(Boolean).join(","));
      s.hub.open(rt, ns, q, res, encode);
      return undefined;
    }
    case "list": {
      const list = s.lister.list(rt, ns, q);
      if (table)
        return {
          code: 200,
          body: toTable(
            rt,
            list.items.map((o: Obj) => ({ ...o, apiVersion: apiVersionOf(rt), kind: rt.kind })),
            list.metadata,
            q,
            table,
            s.c.now(),
          ),
        };
      return { code: 200, body: list, json: listJson(rt, list) };
    }
    case "get": {
      if (sub === "log") return void (await servePodLog(s, rt, ns, name, q, res));
      const o = s.c.view(rt, s.c.mustGet(rt, ns, name));
      if (sub === "scale") return { code: 200, body: toScale(rt, o) };
      if (table)
        return {
          code: 200,
          body: toTable(rt, [o], { resourceVersion: o.metadata.resourceVersion }, q, table, s.c.now()),
        };
      return { code: 200, body: o };
    }
  }
  const raw = await readBody(req);
  const ctx = writeCtx(user, req, q, info.verb);
  const reply = write(s, rt, info, ns, name, sub, raw, req, q, ctx, user);
  return { ...reply, warnings: ctx.warnings };
}

function write(
  s: Services,
  rt: ResourceType,
  info: RequestInfo,
  ns: string | undefined,
  name: string,
  sub: string | undefined,
  raw: Buffer,
  req: IncomingMessage,
  q: URLSearchParams,
  ctx: WriteCtx,
  user: User,
): Reply {
  const ct = String(req.headers["content-type"] ?? "");
  const body = raw.toString("utf8");
  switch (info.verb) {
    case "create": {
      if (sub === "binding") return bind(s, rt, ns, name, decodeObject(body, ct, "Binding"), ctx);
      if (virtualResources.has(rt.resource)) {
        const input = ct.startsWith("application/vnd.kubernetes.protobuf")
          ? decodeProtobufReview(raw)
          : decodeObject(body, ct);
        if (rt.resource === "tokenreviews") return { code: 201, body: tokenReview(s.auth, input) };
        return { code: 201, body: accessReview(s.auth, rt.kind as "SubjectAccessReview", input, user) };
      }
      const input = ct.startsWith("application/vnd.kubernetes.protobuf")
        ? decodeProtobufReview(raw)
        : decodeObject(body, ct, rt.kind);
      return { code: 201, body: createObject(s.c, rt, ns, input, ctx) };
    }
    case "update":
      if (sub === "scale")
        return {
          code: 200,
          body: writeScale(s.c, rt, ns, name, body, ct, "PUT", ctx, decodeObject(body, ct, "Scale")),
        };
      return {
        code: 200,
        body: updateObject(s.c, rt, ns, name, decodeObject(body, ct, rt.kind), ctx, { subresource: sub }),
      };
    case "patch":
      if (sub === "scale") return { code: 200, body: writeScale(s.c, rt, ns, name, body, ct, "PATCH", ctx) };
      return patch(s, rt, ns, name, sub, body, ct, q, ctx);
    case "delete": {
      const r = deleteObject(s.c, rt, ns, name, { ...decodeOptional(body, ct), ...deleteQuery(q) }, ctx, s.gc.schedule);
      return r;
    }
    case "deletecollection": {
      const items = s.lister.list(rt, ns, q).items;
      return {
        code: 200,
        body: deleteCollection(s.c, rt, items, { ...decodeOptional(body, ct), ...deleteQuery(q) }, ctx, s.gc.schedule),
      };
    }
  }
  throw errors.methodNotSupported(s.c.gr(rt), info.verb);
}

function deleteQuery(q: URLSearchParams): Obj {
  const o: Obj = {};
  if (q.get("gracePeriodSeconds") !== null) o.gracePeriodSeconds = Number(q.get("gracePeriodSeconds"));
  if (q.get("propagationPolicy")) o.propagationPolicy = q.get("propagationPolicy");
  if (q.get("orphanDependents") !== null) o.orphanDependents = q.get("orphanDependents") === "true";
  return o;
}

/** pods/binding: assigns a node once (kube `pkg/registry/core/pod/storage` BindingREST). */
function bind(s: Services, rt: ResourceType, ns: string | undefined, name: string, b: Obj, ctx: WriteCtx): Reply {
  const pod = s.c.mustGet(rt, ns, name);
  const node = b.target?.name;
  if (!node)
    throw errors.invalid({ group: "", kind: "Binding" }, name, [{ type: "FieldValueRequired", field: "target.name" }]);
  if (pod.spec?.nodeName) {
    throw errors.conflict(
      { group: "", resource: "pods/binding" },
      name,
      `pod ${name} is already assigned to node "${pod.spec.nodeName}"`,
    );
  }
  if (pod.metadata.deletionTimestamp)
    throw errors.conflict(
      { group: "", resource: "pods/binding" },
      name,
      `pod ${name} is being deleted, cannot be assigned to a host`,
    );
  // New top level, metadata, spec and status; the rest is shared with the stored pod, which never changes.
  const next: Obj = {
    ...pod,
    metadata: { ...pod.metadata },
    spec: { ...pod.spec, nodeName: node },
    status: {
      ...(pod.status ?? {}),
      conditions: [
        ...(pod.status?.conditions ?? []).filter((x: Obj) => x.type !== "PodScheduled"),
        { type: "PodScheduled", status: "True", lastProbeTime: null, lastTransitionTime: rfc3339(s.c.now()) },
      ],
    },
  };
  // Binding is the one write allowed to set spec.nodeName (one store write, like BindingREST's GuaranteedUpdate).
  updateObject(s.c, rt, ns, name, next, ctx, { subresource: "binding" });
  return { code: 201, body: { ...success(), code: 201 } };
}
