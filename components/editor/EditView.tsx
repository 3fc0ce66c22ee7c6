"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useClusterStream, useResourceList } from "@/lib/client";
import type { ResourceName } from "@/lib/k8s/wire";
import { accessDenial, KINDS } from "@/lib/kinds";
import { useAccess } from "@/lib/client/access";
import { useSession } from "@/lib/client/session";
import { ReadOnlyNote } from "@/components/auth/ReadOnlyNote";
import { asJsonObject, lineForField, parseEdited } from "@/lib/patch";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { ConflictView } from "./ConflictView";
import { LiveBanner } from "./LiveBanner";
import { editorExtras } from "./kind-extras";
import { Monaco } from "./Monaco";
import type { EditorMarker, ReportedMarker } from "./monaco-types";
import { NoticeLine } from "./NoticeLine";
import { PatchPreview } from "./PatchPreview";
import { useEditSession, type EditTab } from "./useEditSession";

const TABS: { key: EditTab; label: string }[] = [
  { key: "edit", label: "Edit" },
  { key: "diff", label: "Diff" },
  { key: "request", label: "Request" },
  { key: "conflicts", label: "Conflicts" },
  { key: "dry-run", label: "Dry run" },
];

/** What Save needs: patch on the object (every kind's `edit` write, lib/kinds). */
const EDIT_NEED = { verb: "patch" } as const;

/** Syntax errors while typing, and a 422's causes on their lines (kubectl edit's rules). */
function useMarkers(
  text: string,
  error: { code: number; details?: { causes?: { field?: string; message?: string }[] }; message: string } | undefined,
) {
  return useMemo<EditorMarker[]>(() => {
    const parsed = parseEdited(text);
    if (!parsed.ok) return parsed.errors.map((e) => ({ line: e.line, column: e.column, message: e.message }));
    if (error?.code !== 422) return [];
    const causes = error.details?.causes?.length
      ? error.details.causes
      : [{ field: undefined, message: error.message }];
    return causes.map((cause) => ({
      line: (cause.field && lineForField(parsed.fieldLines, cause.field)) || 1,
      message: `${cause.field ? `${cause.field}: ` : ""}${cause.message ?? error.message}`,
    }));
  }, [text, error]);
}

/** /c/<cluster>/ns/<ns>/<clonesets|pods>/<name>/edit: Monaco + diff + exact request + dry run + conflict-safe save. */
export function EditView({
  cluster,
  namespace,
  resource,
  name,
}: {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
}) {
  const session = useEditSession({ cluster, namespace, resource, name });
  // CloneSets: Rollouts too, to say what a save will make a Kruise Rollout do (an empty list without the CRD).
  const extras = editorExtras(resource);
  useClusterStream({ cluster, namespace, resources: [resource, ...extras.streams] });
  const list = useResourceList(cluster, resource, namespace);
  const found = list.items.find((o) => o.metadata.name === name);
  const live = found && asJsonObject(found);
  const markers = useMarkers(session.text, session.error);
  const { readOnly } = useSession();
  // Why Save is unavailable: the access review for the kind's edit said no (not while it is still asking).
  const access = useAccess({ cluster, namespace, resource, name }, EDIT_NEED);
  const blocked = access.allowed === false ? accessDenial(KINDS.get(resource), EDIT_NEED, access) : undefined;
  const [schemaMarkers, setSchemaMarkers] = useState<ReportedMarker[]>([]);
  const path = `file:///${cluster}/${namespace}/${name}.${resource}.yaml`;
  const back = extras.back({ cluster, namespace, name });
  const kind = KINDS.get(resource).kind;

  if (session.loading)
    return (
      <div className="panel muted">
        Loading {kind} {namespace}/{name}…
      </div>
    );
  if (session.loadError || !session.base)
    return (
      <ErrorPanel
        title={`Cannot open ${kind} ${namespace}/${name}`}
        error={session.loadError ?? { message: "not found" }}
      />
    );
  const problems = [...markers, ...schemaMarkers.filter((m) => m.owner !== "kruise-console")];
  return (
    <>
      <div className="crumbs">
        <Link href={back}>
          {namespace} / {name}
        </Link>{" "}
        / edit
      </div>
      <div className="page-head">
        <h1>
          Edit {kind} {name}
        </h1>
        <ConnectionBadge connection={list.connection} />
        <span className="spacer" />
        {readOnly ? null : (
          <>
            <button
              type="button"
              onClick={() => void session.runDryRun()}
              disabled={session.busy}
              data-testid="dry-run"
            >
              Dry run
            </button>
            <button
              type="button"
              onClick={() => void session.review()}
              disabled={session.busy || !!blocked}
              title={blocked}
              data-testid="save"
            >
              Review &amp; save
            </button>
          </>
        )}
      </div>
      <ReadOnlyNote what="you can read and change the YAML here, but it cannot be saved." />
      {blocked && !readOnly ? (
        <div className="callout warn" data-testid="save-disabled-reason">
          {blocked}
        </div>
      ) : null}
      <p className="small muted">
        Save re-reads the object, merges your changes with changes made on the cluster meanwhile, and sends a JSON patch
        whose <span className="mono">test</span> operations guard every field it touches. You see the exact request
        before it is sent.
      </p>
      <LiveBanner
        base={session.base}
        live={live}
        deleted={!list.loading && !live && list.connection.state === "live"}
      />
      {extras.panels({ cluster, namespace, name, base: session.base, text: session.text })}
      {session.notice ? <NoticeLine notice={session.notice} onDiscardDraft={session.discardDraft} /> : null}
      {session.error ? <ErrorPanel title="The server refused the edit" error={session.error} /> : null}
      <div role="tablist" className="page-head">
        {TABS.filter(
          (tab) =>
            (tab.key !== "conflicts" || session.conflicts.length) &&
            (tab.key !== "dry-run" || session.dryRun) &&
            (tab.key !== "request" || !readOnly),
        ).map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={session.tab === tab.key}
            onClick={() => session.setTab(tab.key)}
            data-testid={`tab-${tab.key}`}
            style={session.tab === tab.key ? { fontWeight: 700 } : undefined}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div hidden={session.tab !== "edit"}>
        <Monaco
          path={path}
          value={session.text}
          onChange={session.setText}
          markers={markers}
          onMarkers={setSchemaMarkers}
          height="60vh"
        />
        {problems.length ? (
          <ul className="small mono" data-testid="problems">
            {problems.map((marker, index) => (
              <li key={index}>
                line {marker.line}
                {marker.column ? `:${marker.column}` : ""} — {marker.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {session.tab === "diff" ? (
        <Monaco path={path} diff={{ original: session.baseText, modified: session.text }} height="60vh" />
      ) : null}
      {session.tab === "request" && !readOnly ? (
        <PatchPreview
          request={session.request}
          base={session.base}
          text={session.text}
          busy={session.busy}
          onSend={() => void session.send()}
          path={path}
        />
      ) : null}
      {session.tab === "conflicts" ? (
        <ConflictView
          conflicts={session.conflicts}
          choices={session.choices}
          choose={session.choose}
          busy={session.busy}
          onReview={() => void session.review()}
        />
      ) : null}
      {session.tab === "dry-run" && session.dryRun ? (
        <Monaco
          path={`${path}.dryrun`}
          diff={{ original: session.dryRun.before, modified: session.dryRun.after }}
          height="60vh"
        />
      ) : null}
    </>
  );
}
