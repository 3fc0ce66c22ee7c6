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
  if (props.diff) return <DiffPane {...props} diff={props.diff} theme={theme} dark={dark} />;
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

type Diff = Parameters<NonNullable<Parameters<typeof DiffEditor>[0]["onMount"]>>[0];

/**
 * A read-only side-by-side diff with its own toolbar: jump to the previous or next change, and collapse the unchanged
 * lines between changes (Monaco's hideUnchangedRegions, on by default: a template's one changed image is then in view,
 * not somewhere in 200 lines).
 */
function DiffPane(
  props: MonacoPaneProps & { diff: NonNullable<MonacoPaneProps["diff"]>; theme: string; dark: boolean },
) {
  const paths = [`${props.path}.orig.yaml`, `${props.path}.diff.yaml`];
  const ref = useRef<Diff | null>(null);
  const [collapse, setCollapse] = useState(true);
  const [changes, setChanges] = useState<number | null>(null);
  const hide = { enabled: collapse, contextLineCount: 3, minimumLineCount: 3, revealLineCount: 20 };
  return (
    <>
      <div className="diff-tools small" role="toolbar" aria-label="Diff" data-testid="diff-tools">
        <button type="button" onClick={() => ref.current?.goToDiff("previous")} data-testid="diff-prev">
          ↑ Previous change
        </button>
        <button type="button" onClick={() => ref.current?.goToDiff("next")} data-testid="diff-next">
          ↓ Next change
        </button>
        <label>
          <input
            type="checkbox"
            checked={collapse}
            data-testid="diff-collapse"
            onChange={(e) => {
              setCollapse(e.target.checked);
              ref.current?.updateOptions({ hideUnchangedRegions: { ...hide, enabled: e.target.checked } });
            }}
          />{" "}
          Collapse unchanged lines
        </label>
        <span className="muted" role="status" data-testid="diff-count">
          {changes === null ? "" : changes === 1 ? "1 change" : `${changes} changes`}
        </span>
      </div>
      <div
        data-testid="diff-editor"
        data-editor-theme={props.dark ? "vs-dark" : "vs"}
        style={{ height: props.height, border: "1px solid var(--border, #ccc)" }}
      >
        <DiffEditor
          original={props.diff.original}
          modified={props.diff.modified}
          language="yaml"
          theme={props.theme}
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
            hideUnchangedRegions: hide,
          }}
          // @monaco-editor/react disposes the two models before the diff widget on unmount, and the widget then
          // throws "TextModel got disposed before DiffEditorWidget model got reset". Keep them through the widget's
          // own disposal and dispose them once it is gone.
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          onMount={(ed) => {
            ref.current = ed;
            const sub = ed.onDidUpdateDiff(() => setChanges(ed.getLineChanges()?.length ?? 0));
            ed.onDidDispose(() => {
              sub.dispose();
              ref.current = null;
              setTimeout(() => disposeModels(paths));
            });
          }}
        />
      </div>
    </>
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
