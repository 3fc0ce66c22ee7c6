import { applyPatch, patchTypeOf } from "./mechanics/patch";
import { errors } from "./status";
import type { Cluster, WriteCtx } from "./cluster";
import { copy } from "./meta";
import { jsonPathValues } from "./table";
import type { Obj, ResourceType, ScaleSpec } from "./types";
import { updateObject } from "./write";

const SCALE_GK = { group: "autoscaling", kind: "Scale" };

function setPath(obj: Obj, path: string, value: unknown) {
  const keys = path.replace(/^\./, "").split(".");
  let cur = obj;
  for (const k of keys.slice(0, -1)) cur = cur[k] = cur[k] && typeof cur[k] === "object" ? cur[k] : {};
  cur[keys[keys.length - 1]] = value;
}

/** autoscaling/v1 Scale view of a CR (apiextensions `pkg/registry/customresource/etcd.go` scaleFromCustomResource). */
export function toScale(rt: ResourceType, o: Obj): Obj {
  const s = rt.scale as ScaleSpec;
  const replicas = jsonPathValues(o, s.specReplicasPath)[0];
  const statusReplicas = jsonPathValues(o, s.statusReplicasPath)[0];
  const selector = s.labelSelectorPath ? jsonPathValues(o, s.labelSelectorPath)[0] : undefined;
  const m = o.metadata;
  const status: Obj = { replicas: typeof statusReplicas === "number" ? statusReplicas : 0 };
  if (typeof selector === "string" && selector) status.selector = selector;
  return {
    kind: "Scale",
    apiVersion: "autoscaling/v1",
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
    },
    spec: { replicas: typeof replicas === "number" ? replicas : 0 },
    status,
  };
}

/** PUT or PATCH of /scale: the new spec.replicas is written into the object at specReplicasPath. */
export function writeScale(
  c: Cluster,
  rt: ResourceType,
  ns: string | undefined,
  name: string,
  body: string,
  contentType: string,
  method: "PUT" | "PATCH",
  ctx: WriteCtx,
  decoded?: Obj,
): Obj {
  if (!rt.scale) throw errors.pathNotFound();
  const live = c.mustGet(rt, ns, name);
  const current = toScale(rt, live);
  let scale: Obj;
  if (method === "PUT") scale = decoded!;
  else {
    const type = patchTypeOf(contentType);
    if (!type || type === "apply")
      throw errors.unsupportedMediaType([
        "application/json-patch+json",
        "application/merge-patch+json",
        "application/strategic-merge-patch+json",
      ]);
    scale = applyPatch(current, body, type, { gr: c.gr(rt), gk: SCALE_GK, name, builtin: true }) as Obj;
  }
  const replicas = scale.spec?.replicas;
  if (typeof replicas !== "number" || !Number.isInteger(replicas) || replicas < 0) {
    throw errors.invalid(SCALE_GK, name, [
      {
        type: "FieldValueInvalid",
        field: "spec.replicas",
        value: replicas ?? 0,
        detail: "must be greater than or equal to 0",
      },
    ]);
  }
  const next = copy(live);
  setPath(next, rt.scale.specReplicasPath, replicas);
  const rv = scale.metadata?.resourceVersion;
  if (rv && rv !== live.metadata.resourceVersion) throw errors.conflict(c.gr(rt), name);
  const stored = updateObject(c, rt, ns, name, next, ctx, { subresource: "scale" });
  return toScale(rt, stored);
}
