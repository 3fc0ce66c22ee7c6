import { createHash } from "node:crypto";
import { builtinSchemas } from "./openapi-builtin";
import type { Registry } from "./resources";
import { copy } from "./meta";
import type { Obj, ResourceType } from "./types";

const OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/** Schema name kube gives a CR kind: reversed group + version + kind (e.g. io.kruise.apps.v1alpha1.CloneSet). */
export function crSchemaName(rt: ResourceType): string {
  return `${rt.group.split(".").reverse().join(".")}.${rt.version}.${rt.kind}`;
}

function crSchema(rt: ResourceType): Obj {
  const v = (rt.crd?.spec?.versions ?? []).find((x: Obj) => x.name === rt.version);
  const s = copy(v?.schema?.openAPIV3Schema ?? { type: "object", "x-kubernetes-preserve-unknown-fields": true });
  s.properties = {
    ...(s.properties ?? {}),
    apiVersion: { type: "string" },
    kind: { type: "string" },
    metadata: { $ref: `#/components/schemas/${OBJECT_META}` },
  };
  s["x-kubernetes-group-version-kind"] = [{ group: rt.group, version: rt.version, kind: rt.kind }];
  return s;
}

const q = (name: string) => ({ name, in: "query", schema: { type: "string" }, uniqueItems: true });

function op(rt: ResourceType, action: string, kind = rt.kind, group = rt.group, version = rt.version): Obj {
  const o: Obj = {
    operationId: `${action}${rt.kind}`,
    "x-kubernetes-action": action,
    "x-kubernetes-group-version-kind": { group, version, kind },
    parameters: [q("pretty")],
    responses: { "200": { description: "OK" } },
  };
  if (["post", "put", "patch"].includes(action))
    o.parameters.push(q("dryRun"), q("fieldManager"), q("fieldValidation"));
  if (action === "patch") {
    o.parameters.push(q("force"));
    const types = ["application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml"];
    if (rt.builtin || kind === "Scale") types.push("application/strategic-merge-patch+json");
    o.requestBody = {
      content: Object.fromEntries(types.map((t) => [t, { schema: { type: "object" } }])),
      required: true,
    };
  }
  return o;
}

function paths(rt: ResourceType): Obj {
  const base = `/${rt.group ? `apis/${rt.group}` : "api"}/${rt.version}`;
  const coll = rt.namespaced ? `${base}/namespaces/{namespace}/${rt.resource}` : `${base}/${rt.resource}`;
  const item = `${coll}/{name}`;
  const out: Obj = {
    [coll]: { get: op(rt, "list"), post: op(rt, "post"), delete: op(rt, "deletecollection") },
    [item]: { get: op(rt, "get"), put: op(rt, "put"), patch: op(rt, "patch"), delete: op(rt, "delete") },
  };
  if (rt.namespaced) out[`${base}/${rt.resource}`] = { get: op(rt, "list") };
  if (rt.status) out[`${item}/status`] = { get: op(rt, "get"), put: op(rt, "put"), patch: op(rt, "patch") };
  if (rt.scale) {
    out[`${item}/scale`] = {
      get: op(rt, "get", "Scale", "autoscaling", "v1"),
      put: op(rt, "put", "Scale", "autoscaling", "v1"),
      patch: op(rt, "patch", "Scale", "autoscaling", "v1"),
    };
  }
  return out;
}

/** OpenAPI v3 document of one group/version (`/openapi/v3/apis/<g>/<v>`), what kubectl explain/apply read. */
export function v3Document(reg: Registry, group: string, version: string): Obj | undefined {
  const types = reg.all().filter((t) => t.group === group && t.version === version);
  if (!types.length) return undefined;
  const builtin = builtinSchemas();
  const schemas: Obj = {
    [OBJECT_META]: builtin[OBJECT_META],
    "io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference":
      builtin["io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference"],
  };
  for (const t of types) {
    // Built-in documents carry the whole (small) built-in schema set, so every $ref resolves.
    if (t.builtin) Object.assign(schemas, builtin);
    else schemas[crSchemaName(t)] = crSchema(t);
    if (t.scale) schemas["io.k8s.api.autoscaling.v1.Scale"] = builtin["io.k8s.api.autoscaling.v1.Scale"];
  }
  return {
    openapi: "3.0.0",
    info: { title: "Kubernetes", version: "v1.20.2-sandbox" },
    paths: Object.assign({}, ...types.map(paths)),
    components: { schemas },
  };
}

const gvPath = (g: string, v: string) => (g ? `apis/${g}/${v}` : `api/${v}`);

/** `/openapi/v3`: the index of per-group-version documents, each URL carrying a content hash. */
export function v3Root(reg: Registry): Obj {
  const out: Obj = {};
  for (const [g, vs] of reg.groups())
    for (const v of vs) {
      const hash = createHash("sha512")
        .update(JSON.stringify(v3Document(reg, g, v)))
        .digest("hex")
        .slice(0, 64)
        .toUpperCase();
      out[gvPath(g, v)] = { serverRelativeURL: `/openapi/v3/${gvPath(g, v)}?hash=${hash}` };
    }
  return { paths: out };
}

/** `/openapi/v2` (Swagger 2.0) with the same schemas, for clients that still ask for it. */
export function v2Document(reg: Registry): Obj {
  const definitions: Obj = {};
  const allPaths: Obj = {};
  for (const [g, vs] of reg.groups())
    for (const v of vs) {
      const d = v3Document(reg, g, v)!;
      Object.assign(definitions, d.components.schemas);
      Object.assign(allPaths, d.paths);
    }
  const text = JSON.stringify({
    swagger: "2.0",
    info: { title: "Kubernetes", version: "v1.20.2-sandbox" },
    paths: allPaths,
    definitions,
  }).replaceAll("#/components/schemas/", "#/definitions/");
  return JSON.parse(text);
}
