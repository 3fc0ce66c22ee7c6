// The YAML side of the editor, like `kubectl edit`: prepare the object, parse the edit back
// with positions, and refuse what an edit may not change.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, stringify, type Node } from "yaml";
import { clone, isObject, type JsonObject, type JsonValue } from "./json";
import { createJsonPatch } from "./json-patch";
import { assertWithinLimits } from "./limits";

export interface PrepareOptions {
  /** Keep `status` in the text (read-only: edits to it are ignored). Default false. */
  includeStatus?: boolean;
  /** What saving sends, for the header; default describes the guarded JSON patch. */
  saveNote?: string;
}

export interface PreparedEdit {
  /** The object as shown (managedFields removed, status per option): the base for diffs and patches. */
  object: JsonObject;
  text: string;
}

/**
 * Prepare an object for editing as `kubectl edit` does: drop metadata.managedFields, optionally
 * status, and prefix a short comment saying what saving does. Upstream: kubectl
 * pkg/cmd/util/editor/editoptions.go (managedFields stripped unless --show-managed-fields).
 */
export function prepareForEdit(obj: JsonObject, opts: PrepareOptions = {}): PreparedEdit {
  const object = clone(obj);
  if (isObject(object.metadata)) delete object.metadata.managedFields;
  if (!opts.includeStatus) delete object.status;
  const meta = isObject(object.metadata) ? object.metadata : {};
  const what = `${String(object.kind ?? "object")} ${meta.namespace ? `${String(meta.namespace)}/` : ""}${String(meta.name ?? "")}`;
  const save =
    opts.saveNote ??
    "Saving sends only your changes, merged with changes made on the cluster meanwhile; a field changed on both sides is shown as a conflict.";
  const header = [
    `# Editing ${what} (resourceVersion ${String(meta.resourceVersion ?? "?")}).`,
    `# ${save}`,
    `# apiVersion, kind, name and namespace cannot change${opts.includeStatus ? "; status is read-only" : ""}. An empty file cancels the edit.`,
  ];
  return { object, text: `${header.join("\n")}\n${stringify(object, { lineWidth: 0, version: "1.1" })}` };
}

export interface YamlError {
  message: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export type ParsedEdit =
  { ok: true; value: JsonObject | null; fieldLines: FieldLines } | { ok: false; errors: YamlError[] };

/** Map from a field path (segments joined by NUL) to the 1-based line where it starts. */
export type FieldLines = Map<string, number>;

/** Parse the edited text; comments are ignored, an empty document yields `value: null`. */
export function parseEdited(text: string): ParsedEdit {
  const lineCounter = new LineCounter();
  // YAML 1.1 like kubectl (sigs.k8s.io/yaml → go-yaml): `yes`/`on` are booleans, so strings
  // that look like them are quoted when printed and mean the same as in kubectl when typed.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, version: "1.1" });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((e) => ({
        message: e.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, ""),
        line: e.linePos?.[0].line ?? 1,
        column: e.linePos?.[0].col ?? 1,
      })),
    };
  }
  const value = doc.toJS() as JsonValue | undefined;
  if (value === null || value === undefined) return { ok: true, value: null, fieldLines: new Map() };
  if (!isObject(value)) {
    const pos = doc.contents?.range ? lineCounter.linePos(doc.contents.range[0]) : { line: 1, col: 1 };
    return {
      ok: false,
      errors: [
        {
          message: "The edited object must be a YAML mapping (apiVersion, kind, metadata, …)",
          line: pos.line,
          column: pos.col,
        },
      ],
    };
  }
  const fieldLines: FieldLines = new Map();
  walk(doc.contents as Node, [], fieldLines, lineCounter);
  return { ok: true, value, fieldLines };
}

function walk(node: Node | null, path: string[], out: FieldLines, lc: LineCounter): void {
  if (isMap(node)) {
    for (const item of node.items) {
      if (!isPair(item) || !isScalar(item.key)) continue;
      const p = [...path, String(item.key.value)];
      if (item.key.range) out.set(p.join("\0"), lc.linePos(item.key.range[0]).line);
      walk(item.value as Node | null, p, out, lc);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      const p = [...path, String(i)];
      const range = (item as Node | null)?.range;
      if (range) out.set(p.join("\0"), lc.linePos(range[0]).line);
      walk(item as Node | null, p, out, lc);
    });
  }
}

/** Split a Kubernetes field path (`spec.containers[0].image`, `.spec.replicas`, `metadata.labels[a/b]`). */
export function fieldSegments(field: string): string[] {
  const out: string[] = [];
  const re = /\[([^\]]*)\]|([^.[\]]+)/g;
  for (let m = re.exec(field); m; m = re.exec(field)) out.push(m[1] ?? m[2]);
  return out;
}

/**
 * Line of a 422 `causes[].field` (docs/kruise-rules.md §11.8) in the edited text: the field itself or, when
 * it is not in the text (a required field that is missing), its nearest ancestor that is.
 */
export function lineForField(lines: FieldLines, field: string): number | undefined {
  const segs = fieldSegments(field);
  for (let n = segs.length; n > 0; n--) {
    const line = lines.get(segs.slice(0, n).join("\0"));
    if (line !== undefined) return line;
  }
  return undefined;
}

export type EditCheck =
  | { kind: "changed" }
  | { kind: "no-changes"; message: string }
  | { kind: "refused"; message: string; fields: string[] };

const IDENTITY: [string, (o: JsonObject) => unknown][] = [
  ["apiVersion", (o) => o.apiVersion],
  ["kind", (o) => o.kind],
  ["metadata.name", (o) => (isObject(o.metadata) ? o.metadata.name : undefined)],
  ["metadata.namespace", (o) => (isObject(o.metadata) ? o.metadata.namespace : undefined)],
];

/**
 * kubectl edit's rules: an empty file or an unchanged object means "no changes" (nothing is
 * sent); changing apiVersion, kind, name or namespace is refused (kubectl: "At least one of
 * apiVersion, kind and name was changed"). Status and server-set metadata are ignored.
 * Throws a PatchInputError (413/422) for input beyond PATCH_LIMITS (lib/patch/limits.ts).
 */
export function checkEdit(original: JsonObject, edited: JsonObject | null): EditCheck {
  assertWithinLimits(original, "base");
  assertWithinLimits(edited, "mine");
  if (edited === null) return { kind: "no-changes", message: "Edit cancelled: the file is empty, nothing was saved." };
  const changed = IDENTITY.filter(([, get]) => get(original) !== get(edited));
  if (changed.length > 0) {
    const show = (v: unknown) => JSON.stringify(v ?? null);
    const detail = changed.map(([f, get]) => `${f} (${show(get(original))} → ${show(get(edited))})`);
    const message = `An edit cannot change ${detail.join(", ")}: these identify the object. Undo that change, or create a new object instead.`;
    return { kind: "refused", fields: changed.map(([f]) => f), message };
  }
  if (createJsonPatch(original, edited, { tests: false }).length === 0)
    return { kind: "no-changes", message: "No changes: the edited object equals the one you opened." };
  return { kind: "changed" };
}
