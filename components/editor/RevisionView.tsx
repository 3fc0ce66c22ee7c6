"use client";
import { useEffect, useState } from "react";
import { ApiError, type ApiErrorBody } from "@/lib/client";
import { fetchObject } from "@/lib/client/editor";
import { prepareForEdit } from "@/lib/patch";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Monaco } from "./Monaco";

/** ControllerRevisions are immutable (apps/v1 validation): shown read-only in the same editor. */
export function RevisionView({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const [text, setText] = useState<string>();
  const [error, setError] = useState<ApiErrorBody>();
  useEffect(() => {
    let live = true;
    fetchObject(cluster, namespace, "controllerrevisions", name)
      .then(
        (revision) =>
          live &&
          setText(
            prepareForEdit(revision, { saveNote: "ControllerRevisions cannot be changed: this view is read-only." })
              .text,
          ),
      )
      .catch(
        (failure) =>
          live &&
          setError(
            failure instanceof ApiError ? failure.toJSON() : { code: 0, reason: "Error", message: String(failure) },
          ),
      );
    return () => {
      live = false;
    };
  }, [cluster, namespace, name]);
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
