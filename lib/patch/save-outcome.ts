// What a write the server accepted did, from the object the write was computed against and the one the server
// answered (docs/kruise-rules.md §11.1, §11.5, §11.10). kube-apiserver skips a write only when the whole stored
// object, managed fields included, would be unchanged (staging `apiserver/pkg/storage/etcd3/store.go`
// GuaranteedUpdate); it records managed fields before mutating admission (`apiserver/pkg/endpoints/handlers/patch.go`).
// So removing a field that a webhook puts back (Kruise's CloneSet webhook and `updateStrategy.partition`) is a
// true no-op when no manager owned the field, and a write of the managed-fields record alone when one did: a new
// resourceVersion, the same generation, nothing in the spec changed.
import { diffObjects } from "./diff";
import { isObject, type JsonObject } from "./json";

export type SaveOutcomeKind =
  /** the same resourceVersion: nothing was stored */
  | "unchanged"
  /** a new resourceVersion, but no field a user edits changed (only the server's own metadata, e.g. managed fields) */
  | "metadata-only"
  /** a field a user edits changed (spec, labels, annotations…) */
  | "changed";

export interface SaveOutcome {
  kind: SaveOutcomeKind;
  /** the edited fields that changed (status and server-set metadata left out) */
  fields: string[];
  /** metadata.generation moved: the spec changed (objects without a generation leave it false) */
  generationMoved: boolean;
}

const meta = (o: JsonObject) => (isObject(o.metadata) ? o.metadata : {});

/**
 * Classifies a write the server answered with `stored`, computed against `before` (the latest object read).
 * Upstream: kubernetes staging `apiserver/pkg/storage/etcd3/store.go` (GuaranteedUpdate skips unchanged bytes),
 * `apiserver/pkg/registry/rest/update.go` and the CRD strategy (generation moves only on spec changes).
 */
export function classifySave(before: JsonObject, stored: JsonObject): SaveOutcome {
  const fields = diffObjects(before, stored).map((d) => d.field);
  const generationMoved = meta(before).generation !== undefined && meta(stored).generation !== meta(before).generation;
  if (meta(stored).resourceVersion === meta(before).resourceVersion)
    return { kind: "unchanged", fields, generationMoved };
  if (!fields.length && !generationMoved) return { kind: "metadata-only", fields, generationMoved };
  return { kind: "changed", fields, generationMoved };
}
