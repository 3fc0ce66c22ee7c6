import { errors } from "./status";
import type { Obj } from "./types";

type Op = "=" | "!=" | "in" | "notin" | "exists" | "!";
interface Req {
  key: string;
  op: Op;
  values: string[];
}
export type Matcher = (obj: Obj) => boolean;

const splitTop = (s: string): string[] => {
  // Split on commas outside parentheses: "a in (x,y),b" -> ["a in (x,y)", "b"].
  const out: string[] = [];
  let depth = 0,
    cur = "";
  for (const ch of s) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((p) => p.trim()).filter((p) => p !== "");
};

function parseReq(part: string): Req {
  let m = /^!\s*([^\s!=(),]+)$/.exec(part);
  if (m) return { key: m[1], op: "!", values: [] };
  m = /^([^\s!=(),]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
  if (m) return { key: m[1], op: m[2] as Op, values: m[3].split(",").map((v) => v.trim()) };
  m = /^([^\s!=(),]+)\s*(==|=|!=)\s*([^\s!=(),]*)$/.exec(part);
  if (m) return { key: m[1], op: m[2] === "!=" ? "!=" : "=", values: [m[3]] };
  m = /^([^\s!=(),]+)$/.exec(part);
  if (m) return { key: m[1], op: "exists", values: [] };
  throw errors.badRequest(`unable to parse requirement: found '${part}', expected: valid requirement`);
}

function test(r: Req, v: string | undefined): boolean {
  switch (r.op) {
    case "=":
      return v === r.values[0];
    case "!=":
      return v !== r.values[0];
    case "in":
      return v !== undefined && r.values.includes(v);
    case "notin":
      return v === undefined || !r.values.includes(v);
    case "exists":
      return v !== undefined;
    case "!":
      return v === undefined;
  }
}

/**
 * Label selector in kube's string syntax (=, ==, !=, in, notin, exists, !key);
 * apimachinery `pkg/labels/selector.go`. Invalid syntax → 400.
 */
export function parseLabelSelector(s: string | null | undefined): Matcher | undefined {
  if (!s) return undefined;
  const reqs = splitTop(s).map(parseReq);
  return (obj) => {
    const labels: Record<string, string> = obj.metadata?.labels ?? {};
    return reqs.every((r) => test(r, Object.prototype.hasOwnProperty.call(labels, r.key) ? labels[r.key] : undefined));
  };
}

const fieldGetters: Record<string, (o: Obj) => string> = {
  "metadata.name": (o) => o.metadata?.name ?? "",
  "metadata.namespace": (o) => o.metadata?.namespace ?? "",
  "spec.nodeName": (o) => o.spec?.nodeName ?? "",
  "status.phase": (o) => o.status?.phase ?? "",
  "spec.unschedulable": (o) => String(!!o.spec?.unschedulable),
  "involvedObject.name": (o) => o.involvedObject?.name ?? "",
  "involvedObject.kind": (o) => o.involvedObject?.kind ?? "",
  "involvedObject.namespace": (o) => o.involvedObject?.namespace ?? "",
  "involvedObject.uid": (o) => o.involvedObject?.uid ?? "",
  reason: (o) => o.reason ?? "",
  type: (o) => o.type ?? "",
};

/** Field labels each kind supports (kube's per-kind field label conversion funcs; CRs only metadata.*). */
const supported: Record<string, string[]> = {
  Pod: ["metadata.name", "metadata.namespace", "spec.nodeName", "status.phase"],
  Node: ["metadata.name", "spec.unschedulable"],
  Event: [
    "metadata.name",
    "metadata.namespace",
    "involvedObject.name",
    "involvedObject.kind",
    "involvedObject.namespace",
    "involvedObject.uid",
    "reason",
    "type",
  ],
};

/**
 * Field selector (`a=b,c!=d`); apimachinery `pkg/fields/selector.go`. A field the kind does not
 * support → 400 `field label not supported: X` (as the conversion funcs answer).
 */
export function parseFieldSelector(s: string | null | undefined, kind: string): Matcher | undefined {
  if (!s) return undefined;
  const allowed = supported[kind] ?? ["metadata.name", "metadata.namespace"];
  const reqs = splitTop(s).map((part) => {
    const m = /^([^\s!=]+)\s*(==|=|!=)\s*(.*)$/.exec(part);
    if (!m) throw errors.badRequest(`invalid selector: '${s}'; can't understand '${part}'`);
    if (!allowed.includes(m[1])) throw errors.badRequest(`field label not supported: ${m[1]}`);
    return { get: fieldGetters[m[1]], neg: m[2] === "!=", value: m[3] };
  });
  return (obj) => reqs.every((r) => (r.get(obj) === r.value) !== r.neg);
}

export function both(a?: Matcher, b?: Matcher): Matcher {
  return (o) => (!a || a(o)) && (!b || b(o));
}
