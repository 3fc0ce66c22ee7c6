// The generic view of any kind: its printer columns, evaluated like kubectl's table printer
// (k8s.io/apiextensions-apiserver pkg/registry/customresource/tableconvertor) for the simple JSONPaths CRDs use.
import type { K8sObject } from "@/lib/k8s/wire";
import type { KindHome, PrinterColumn } from "./types";

/** The values a `.a.b[*].c` path selects (`[*]` fans out over a list; a missing step selects nothing). */
export function selectPath(obj: unknown, jsonPath: string): unknown[] {
  let values: unknown[] = [obj];
  for (const step of jsonPath.replace(/^\./, "").split(".").filter(Boolean)) {
    const all = step.endsWith("[*]");
    const key = all ? step.slice(0, -3) : step;
    values = values.flatMap((v) => {
      const next = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
      if (next === undefined || next === null) return [];
      return all ? (Array.isArray(next) ? next : []) : [next];
    });
  }
  return values;
}

/** One printer cell as text: values joined with "," like kubectl, "<none>" when nothing is there. */
export function printerCell(obj: K8sObject, c: PrinterColumn): string {
  const values = selectPath(obj, c.jsonPath);
  if (values.length === 0) return "<none>";
  return values.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(",");
}

/** The columns to print (`wide` adds those of priority > 0), and one row of cells for `obj`. */
export function printerRow(h: KindHome, obj: K8sObject, wide = false): { columns: PrinterColumn[]; cells: string[] } {
  const columns = h.printerColumns.filter((c) => wide || !c.priority);
  return { columns, cells: columns.map((c) => printerCell(obj, c)) };
}
