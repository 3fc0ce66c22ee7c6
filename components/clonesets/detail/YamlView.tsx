"use client";
import Link from "next/link";
import { useMemo } from "react";
import { stringify } from "yaml";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { Skeleton } from "@/components/ui/Skeleton";
import { detailHref } from "../CloneSetTable";
import { useCloneSetData } from "./CloneSetDetail";

/** Read-only YAML of the live object (managedFields dropped by the hub); rendered as text, never HTML. */
export function YamlView({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const d = useCloneSetData(cluster, namespace, name);
  const text = useMemo(() => (d.object ? stringify(d.object, { lineWidth: 0 }) : ""), [d.object]);
  return (
    <>
      <div className="crumbs"><Link href={detailHref(cluster, namespace, name)}>{namespace} / {name}</Link> / YAML</div>
      <div className="page-head">
        <h1>{name}.yaml</h1>
        <ConnectionBadge connection={d.connection} />
        <span className="spacer" />
        <span className="muted small">Read-only; editing comes in a later release.</span>
      </div>
      {d.loading ? <Skeleton /> : d.object ? <pre className="yaml" data-testid="yaml">{text}</pre>
        : <div className="panel empty" data-testid="not-found">CloneSet {name} not found in {namespace}.</div>}
    </>
  );
}
