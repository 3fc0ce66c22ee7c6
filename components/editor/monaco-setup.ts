// Client-only: Monaco from node_modules (never a CDN, docs/toolchain.md "Monaco offline") with the YAML
// language service. Imported only by MonacoPane, which the edit routes load with next/dynamic.
import { loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor";
import { configureMonacoYaml, type MonacoYaml } from "monaco-yaml";
import { KINDS } from "@/lib/kinds";

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

/** Monaco's dark theme with readable comments (see setupMonaco). */
export const DARK_THEME = "kruise-console-dark";

let yaml: MonacoYaml | null = null;
let schemaLoaded: Promise<void> | null = null;

/** Workers are bundled by Next (Turbopack) from these URLs; nothing is fetched from elsewhere. */
function installWorkers() {
  window.MonacoEnvironment = {
    getWorker(_id: string, label: string) {
      if (label === "yaml")
        return new Worker(new URL("monaco-yaml/yaml.worker.js", import.meta.url), { type: "module" });
      if (label === "json")
        return new Worker(new URL("monaco-editor/esm/vs/language/json/json.worker.js", import.meta.url), {
          type: "module",
        });
      return new Worker(new URL("monaco-editor/esm/vs/editor/editor.worker.js", import.meta.url), { type: "module" });
    },
  };
}

/**
 * Sets up Monaco once per page: local workers, and monaco-yaml with each editable kind's schema (its home's
 * `schema`, e.g. the CloneSet CRD's openAPIV3Schema in public/monaco-schema-cloneset.json, see
 * components/editor/README.md) for models whose URI ends in `.<resource>.yaml` — validation, hover and completion.
 */
export function setupMonaco(): Promise<void> {
  if (schemaLoaded) return schemaLoaded;
  installWorkers();
  loader.config({ monaco });
  // vs-dark's comment green (#608B4E) is 4.2:1 on its background; axe asks 4.5:1 for text. Same theme otherwise.
  monaco.editor.defineTheme(DARK_THEME, {
    base: "vs-dark",
    inherit: true,
    rules: [{ token: "comment", foreground: "7CA668" }],
    colors: {},
  });
  yaml = configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: true,
    hover: true,
    completion: true,
    isKubernetes: true,
    yamlVersion: "1.1",
  });
  const withSchema = KINDS.all().flatMap((h) => (h.schema ? [{ resource: h.resource, url: h.schema }] : []));
  schemaLoaded = Promise.all(
    withSchema.map(({ resource, url }) =>
      fetch(url)
        .then((r) => (r.ok ? r.json() : null))
        .then((schema) =>
          schema ? [{ uri: `inmemory://schemas/${resource}.json`, fileMatch: [`*.${resource}.yaml`], schema }] : [],
        )
        .catch(() => []),
    ),
  ).then((found) => {
    const schemas = found.flat();
    if (schemas.length) yaml?.update({ schemas });
  });
  return schemaLoaded;
}

export { monaco };
