"use client";
// Client-only (loaded through ./Monaco with ssr:false): pulls in monaco-editor itself.
import { DiffEditor, Editor, type OnMount } from "@monaco-editor/react";
import { useEffect, useRef, useState } from "react";
import { DARK_THEME, monaco, setupMonaco } from "./monaco-setup";
import type { MonacoPaneProps } from "./monaco-types";
import { usePageTheme } from "@/components/ui/useThemeVersion";

const OPTIONS = {
  minimap: { enabled: false },
  fontSize: 13,
  scrollBeyondLastLine: false,
  tabSize: 2,
  automaticLayout: true,
  renderValidationDecorations: "on",
} as const;
const OWNER = "kruise-console";

/** The YAML editor, or a side-by-side diff; our own markers (syntax, 422 causes) sit beside monaco-yaml's schema markers. */
export default function MonacoPane(props: MonacoPaneProps) {
  const [ready, setReady] = useState(false);
  // The editor follows the page's theme: Monaco's "vs" in light, vs-dark with readable comments in dark.
  const dark = usePageTheme() === "dark";
  const theme = dark ? DARK_THEME : "vs";
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  const onMarkers = useRef(props.onMarkers);
  useEffect(() => {
    onMarkers.current = props.onMarkers;
  });
  useEffect(() => {
    let live = true;
    void setupMonaco().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!ready) return;
    const sub = watchMarkers(props.path, (m) => onMarkers.current?.(m));
    return () => sub.dispose();
  }, [ready, props.path]);
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || props.diff) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      (props.markers ?? []).map((m) => ({
        startLineNumber: m.line,
        startColumn: m.column ?? 1,
        endLineNumber: m.line,
        endColumn: m.column ? m.column + 1 : model.getLineMaxColumn(m.line),
        message: m.message,
        severity: m.severity === "warning" ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error,
      })),
    );
  }, [props.markers, props.diff, ready]);
  if (!ready)
    return (
      <div className="panel muted" style={{ height: props.height }}>
        Loading editor…
      </div>
    );
  if (props.diff) {
    const paths = [`${props.path}.orig.yaml`, `${props.path}.diff.yaml`];
    return (
      <div
        data-testid="diff-editor"
        data-editor-theme={dark ? "vs-dark" : "vs"}
        style={{ height: props.height, border: "1px solid var(--border, #ccc)" }}
      >
        <DiffEditor
          original={props.diff.original}
          modified={props.diff.modified}
          language="yaml"
          theme={theme}
          originalModelPath={paths[0]}
          modifiedModelPath={paths[1]}
          // No hunk toolbar (revert buttons make no sense on a read-only diff), and its menu listens to context keys
          // past the widget's disposal ("AbstractContextKeyService has been disposed").
          options={{
            ...OPTIONS,
            readOnly: true,
            originalEditable: false,
            renderSideBySide: true,
            renderGutterMenu: false,
          }}
          // @monaco-editor/react disposes the two models before the diff widget on unmount, and the widget then
          // throws "TextModel got disposed before DiffEditorWidget model got reset". Keep them through the widget's
          // own disposal and dispose them once it is gone.
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          onMount={(ed) => ed.onDidDispose(() => setTimeout(() => disposeModels(paths)))}
        />
      </div>
    );
  }
  return (
    <div
      data-testid="yaml-editor"
      data-editor-theme={dark ? "vs-dark" : "vs"}
      style={{ height: props.height, border: "1px solid var(--border, #ccc)" }}
    >
      <Editor
        value={props.value}
        path={props.path}
        language="yaml"
        theme={theme}
        options={{ ...OPTIONS, readOnly: !!props.readOnly }}
        onMount={(ed) => {
          editorRef.current = ed;
        }}
        onChange={(value) => props.onChange?.(value ?? "")}
      />
    </div>
  );
}

/** Disposes the diff's models unless a diff mounted since has taken them up again (models are found by path). */
function disposeModels(paths: string[]) {
  for (const p of paths) {
    const model = monaco.editor.getModel(monaco.Uri.parse(p));
    if (model && !model.isAttachedToEditor()) model.dispose();
  }
}

/** Reports monaco-yaml's schema markers so the page can list them (and tests can read them). */
function watchMarkers(path: string, cb: NonNullable<MonacoPaneProps["onMarkers"]>) {
  return monaco.editor.onDidChangeMarkers((uris) => {
    const uri = uris.find((u) => u.toString().endsWith(path.replace(/^file:\/\//, "")));
    if (!uri) return;
    cb(
      monaco.editor
        .getModelMarkers({ resource: uri })
        .map((m) => ({ line: m.startLineNumber, column: m.startColumn, message: m.message, owner: m.owner })),
    );
  });
}
