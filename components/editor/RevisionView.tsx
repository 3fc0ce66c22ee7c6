"use client";
import { useMemo } from "react";
import { objectOptions } from "@/lib/client/editor";
import { useClientQuery } from "@/lib/client/hydration";
import { prepareForEdit } from "@/lib/patch";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Monaco } from "./Monaco";

/** ControllerRevisions are immutable (apps/v1 validation): shown read-only in the same editor. */
export function RevisionView({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const revision = useClientQuery(objectOptions({ cluster, namespace, resource: "controllerrevisions", name }));
  const text = useMemo(
    () =>
      revision.data
        ? prepareForEdit(revision.data, { saveNote: "ControllerRevisions cannot be changed: this view is read-only." })
            .text
        : undefined,
    [revision.data],
  );
  const error = revision.error;
  return (
    <>
      <div className="page-head">
        <h1>ControllerRevision {name}</h1>
        <span className="muted">namespace {namespace} · read-only</span>
      </div>
      {error ? <ErrorPanel title={`Cannot read ControllerRevision ${namespace}/${name}`} error={error} /> : null}
      {text !== undefined ? (
        <Monaco path={`file:///${cluster}/${namespace}/${name}.revision.yaml`} value={text} readOnly height="70vh" />
      ) : null}
    </>
  );
}
