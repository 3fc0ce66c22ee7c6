/**
 * The JSON schemas the YAML editor validates against (components/editor/README.md): a workload CRD's
 * `openAPIV3Schema` for the version the console edits, with `apiVersion`/`kind` narrowed to that kind and
 * `additionalProperties: false` on every object that lists its properties (not preserve-unknown-fields): the API
 * server prunes unknown fields of a structural schema silently, so the editor flags them instead. App code never
 * imports `sandbox/`, so the schema is a generated copy in `public/`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export interface SchemaTarget {
  crd: string;
  version: string;
  out: string;
}

export const SCHEMAS: SchemaTarget[] = [
  { crd: "sandbox/crds/apps.kruise.io_clonesets.yaml", version: "v1alpha1", out: "public/monaco-schema-cloneset.json" },
  {
    crd: "sandbox/crds/apps.kruise.io_statefulsets.yaml",
    version: "v1beta1",
    out: "public/monaco-schema-statefulset.json",
  },
  {
    crd: "sandbox/crds/apps.kruise.io_daemonsets.yaml",
    version: "v1alpha1",
    out: "public/monaco-schema-daemonset.json",
  },
];

type Node = Record<string, unknown>;

function strict(n: unknown): void {
  if (!n || typeof n !== "object") return;
  const o = n as Node;
  if (o.properties && o.additionalProperties === undefined && !o["x-kubernetes-preserve-unknown-fields"])
    o.additionalProperties = false;
  for (const v of Object.values(o)) strict(v);
}

/** The editor's schema of one CRD version, as JSON text. */
export function monacoSchema(root: string, t: SchemaTarget): string {
  const crd = parse(readFileSync(path.join(root, t.crd), "utf8")) as {
    spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Node } }[] };
  };
  const v = crd.spec.versions.find((x) => x.name === t.version);
  if (!v) throw new Error(`${t.crd} serves no version ${t.version}`);
  const s = v.schema.openAPIV3Schema;
  const props = s.properties as Record<string, Node>;
  props.apiVersion.enum = [`${crd.spec.group}/${t.version}`];
  props.kind.enum = [crd.spec.names.kind];
  strict(s);
  return JSON.stringify(s);
}
