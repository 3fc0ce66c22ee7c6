import { builtinPrinter, humanDuration, nameCol, type Printer } from "./printers";
import { errors } from "./status";
import type { Obj, PrinterColumn, ResourceType } from "./types";

/** Which Table version the Accept header asks for (kubectl: `application/json;as=Table;v=v1;g=meta.k8s.io,...`). */
export function tableVersion(accept: string | undefined): "v1" | "v1beta1" | undefined {
  if (!accept?.includes("as=Table")) return undefined; // the common case, without parsing
  for (const part of accept.split(",")) {
    const params = Object.fromEntries(
      part
        .split(";")
        .slice(1)
        .map((p) => p.trim().split("=") as [string, string]),
    );
    if (params.as === "Table" && params.g === "meta.k8s.io" && (params.v === "v1" || params.v === "v1beta1"))
      return params.v;
  }
  return undefined;
}

/** Minimal JSONPath for printer columns: `.a.b`, `.a[0].b`, `.a[*].b` (client-go `util/jsonpath`). */
export function jsonPathValues(obj: unknown, path: string): unknown[] {
  const tokens = path
    .replace(/^\{?\.?/, "")
    .replace(/\}$/, "")
    .split(/\.(?![^[]*\])/)
    .filter((t) => t !== "");
  let cur: unknown[] = [obj];
  for (const tok of tokens) {
    const m = /^([^[]*)((?:\[[^\]]*\])*)$/.exec(tok);
    if (!m) return [];
    const next: unknown[] = [];
    for (const v of cur) {
      let vals: unknown[] = m[1] ? [v && typeof v === "object" ? (v as Obj)[m[1]] : undefined] : [v];
      for (const idx of m[2].match(/\[[^\]]*\]/g) ?? []) {
        const i = idx.slice(1, -1);
        vals = vals.flatMap((x) =>
          !Array.isArray(x) ? [] : i === "*" ? x : [x[Number(i) < 0 ? x.length + Number(i) : Number(i)]],
        );
      }
      next.push(...vals.filter((x) => x !== undefined));
    }
    cur = next;
  }
  return cur;
}

function crCell(col: PrinterColumn, o: Obj, now: Date): unknown {
  const vals = jsonPathValues(o, col.jsonPath);
  if (vals.length === 0) return null;
  if (col.type === "date" && vals.length === 1 && typeof vals[0] === "string") {
    // apiextensions tableconvertor: dates are printed as a relative age ("5m"), like built-ins.
    const t = Date.parse(vals[0]);
    return Number.isNaN(t) ? vals[0] : humanDuration(now.getTime() - t);
  }
  if (vals.length > 1) return vals.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(" ");
  const v = vals[0];
  if ((col.type === "integer" || col.type === "number") && typeof v === "number") return v;
  if (col.type === "boolean" && typeof v === "boolean") return v;
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** Printer for a CRD version from its additionalPrinterColumns (apiextensions `tableconvertor.go`). */
function crPrinter(rt: ResourceType): Printer {
  const cols = rt.columns?.length
    ? rt.columns
    : [{ name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp", description: "" }];
  return {
    columns: [
      nameCol,
      ...cols.map((c) => ({
        name: c.name,
        type: c.type,
        format: c.format ?? "",
        description: c.description ?? "",
        priority: c.priority ?? 0,
      })),
    ],
    cells: (o, now) => [o.metadata?.name, ...cols.map((c) => crCell(c, o, now))],
  };
}

export const printerFor = (rt: ResourceType): Printer =>
  rt.builtin ? builtinPrinter(rt.group, rt.resource) : crPrinter(rt);

export type IncludeObject = "None" | "Metadata" | "Object";

export function includeObjectOf(q: URLSearchParams): IncludeObject {
  const v = q.get("includeObject") ?? "Metadata";
  if (v !== "None" && v !== "Metadata" && v !== "Object")
    throw errors.badRequest(`includeObject: Unsupported value: "${v}"`);
  return v;
}

function rowObject(o: Obj, inc: IncludeObject, version: string): Obj | undefined {
  if (inc === "None") return undefined;
  if (inc === "Object") return o;
  return { kind: "PartialObjectMetadata", apiVersion: `meta.k8s.io/${version}`, metadata: o.metadata };
}

/** meta.k8s.io Table for a list (or one watch event's object) — server-side printing. */
export function toTable(
  rt: ResourceType,
  objs: Obj[],
  listMeta: Obj,
  q: URLSearchParams,
  version: string,
  now: Date,
): Obj {
  const p = printerFor(rt);
  const inc = includeObjectOf(q);
  return {
    kind: "Table",
    apiVersion: `meta.k8s.io/${version}`,
    metadata: listMeta,
    columnDefinitions: p.columns,
    rows: objs.map((o) => {
      const row: Obj = { cells: p.cells(o, now) };
      const ro = rowObject(o, inc, version);
      if (ro) row.object = ro;
      return row;
    }),
  };
}
