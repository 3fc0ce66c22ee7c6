"use client";
import Link from "next/link";
import { useMemo } from "react";
import { useSession } from "@/lib/client/session";
import { stringify } from "yaml";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { Skeleton } from "@/components/ui/Skeleton";
import { pages } from "@/lib/urls";
import { useCloneSetData } from "./CloneSetDetail";

/** Read-only YAML of the live object (managedFields dropped by the hub); rendered as text, never HTML. */
export function YamlView({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const d = useCloneSetData(cluster, namespace, name);
  const { readOnly } = useSession();
  const text = useMemo(() => (d.object ? stringify(d.object, { lineWidth: 0 }) : ""), [d.object]);
  return (
    <>
      <div className="crumbs">
        <Link href={pages.cloneSet(cluster, namespace, name)}>
          {namespace} / {name}
        </Link>{" "}
        / YAML
      </div>
      <div className="page-head">
        <h1>{name}.yaml</h1>
        <ConnectionBadge connection={d.connection} />
        <span className="spacer" />
        {readOnly ? (
          <span className="muted small">This console is read-only.</span>
        ) : (
          <Link href={pages.edit(cluster, namespace, "clonesets", name)} data-testid="edit-yaml">
            Edit YAML
          </Link>
        )}
      </div>
      {d.loading ? (
        <Skeleton />
      ) : d.object ? (
        <pre className="yaml" data-testid="yaml">
          {text}
        </pre>
      ) : (
        <div className="panel empty" data-testid="not-found">
          CloneSet {name} not found in {namespace}.
        </div>
      )}
    </>
  );
}
