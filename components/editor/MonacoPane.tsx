"use client";
// Client-only (loaded through ./Monaco with ssr:false): pulls in monaco-editor itself.
import { DiffEditor, Editor, type OnMount } from "@monaco-editor/react";
import { useEffect, useRef, useState } from "react";
import { monaco, setupMonaco } from "./monaco-setup";
import type { MonacoPaneProps } from "./monaco-types";

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
export default function MonacoPane(p: MonacoPaneProps) {
  const [ready, setReady] = useState(false);
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  const onMarkers = useRef(p.onMarkers);
  useEffect(() => {
    onMarkers.current = p.onMarkers;
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
    const sub = watchMarkers(p.path, (m) => onMarkers.current?.(m));
    return () => sub.dispose();
  }, [ready, p.path]);
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || p.diff) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      (p.markers ?? []).map((m) => ({
        startLineNumber: m.line,
        startColumn: m.column ?? 1,
        endLineNumber: m.line,
        endColumn: m.column ? m.column + 1 : model.getLineMaxColumn(m.line),
        message: m.message,
        severity: m.severity === "warning" ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error,
      })),
    );
  }, [p.markers, p.diff, ready]);
  if (!ready)
    return (
      <div className="panel muted" style={{ height: p.height }}>
        Loading editor…
      </div>
    );
  if (p.diff) {
    return (
      <div data-testid="diff-editor" style={{ height: p.height, border: "1px solid var(--border, #ccc)" }}>
        <DiffEditor
          original={p.diff.original}
          modified={p.diff.modified}
          language="yaml"
          theme="vs"
          originalModelPath={`${p.path}.orig.yaml`}
          modifiedModelPath={`${p.path}.diff.yaml`}
          options={{ ...OPTIONS, readOnly: true, originalEditable: false, renderSideBySide: true }}
        />
      </div>
    );
  }
  return (
    <div data-testid="yaml-editor" style={{ height: p.height, border: "1px solid var(--border, #ccc)" }}>
      <Editor
        value={p.value}
        path={p.path}
        language="yaml"
        theme="vs"
        options={{ ...OPTIONS, readOnly: !!p.readOnly }}
        onMount={(ed) => {
          editorRef.current = ed;
        }}
        onChange={(v) => p.onChange?.(v ?? "")}
      />
    </div>
  );
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
