/**
 * Who changed what, from metadata.managedFields: the field manager (kubectl, the console's own manager, a CD
 * tool) that last wrote a workload's partition, paused flag or container images, and when.
 */

export interface ManagedEntry {
  manager?: string;
  operation?: string;
  time?: string;
  subresource?: string;
  fieldsV1?: Record<string, unknown>;
}

export type ManagedField = "partition" | "paused" | "image";

export interface FieldOwner {
  field: ManagedField;
  manager: string;
  operation: string;
  time: string;
}

type Fields = Record<string, unknown>;

const child = (f: unknown, k: string): Fields | undefined =>
  f && typeof f === "object" ? ((f as Fields)[k] as Fields | undefined) : undefined;

function touches(fields: Fields | undefined): ManagedField[] {
  const out: ManagedField[] = [];
  const us = child(child(fields, "f:spec"), "f:updateStrategy");
  // A CloneSet keeps them in updateStrategy; an Advanced StatefulSet and DaemonSet in updateStrategy.rollingUpdate.
  const ru = child(us, "f:rollingUpdate");
  if (child(us, "f:partition") || child(ru, "f:partition")) out.push("partition");
  if (child(us, "f:paused") || child(ru, "f:paused")) out.push("paused");
  const containers = child(child(child(child(fields, "f:spec"), "f:template"), "f:spec"), "f:containers");
  if (containers && Object.values(containers).some((c) => child(c, "f:image"))) out.push("image");
  return out;
}

/** The managers that own the rollout's fields, newest write first (status writes are the controller's, skipped). */
export function fieldOwners(entries: ManagedEntry[] | undefined): FieldOwner[] {
  return (entries ?? [])
    .filter((e) => !e.subresource && e.time)
    .flatMap((e) =>
      touches(e.fieldsV1).map((field) => ({
        field,
        manager: e.manager ?? "unknown",
        operation: e.operation ?? "",
        time: e.time ?? "",
      })),
    )
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

/**
 * managedFields cut to what fieldOwners reads (a server keeps only these for CloneSets: whole entries are often
 * half an object's bytes).
 */
export function slimManagedFields(entries: ManagedEntry[] | undefined): ManagedEntry[] {
  return (entries ?? [])
    .filter((e) => !e.subresource && touches(e.fieldsV1).length > 0)
    .map((e) => {
      const t = touches(e.fieldsV1);
      const us: Fields = {};
      if (t.includes("partition")) us["f:partition"] = {};
      if (t.includes("paused")) us["f:paused"] = {};
      const spec: Fields = {};
      if (Object.keys(us).length) spec["f:updateStrategy"] = us;
      if (t.includes("image")) spec["f:template"] = { "f:spec": { "f:containers": { "k:image": { "f:image": {} } } } };
      return { manager: e.manager, operation: e.operation, time: e.time, fieldsV1: { "f:spec": spec } };
    });
}
