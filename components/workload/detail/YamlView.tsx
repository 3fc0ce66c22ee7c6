"use client";
import Link from "next/link";
import { useMemo } from "react";
import { useClusterStream, useResourceList } from "@/lib/client";
import { useSession } from "@/lib/client/session";
import type { ResourceName } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { stringify } from "yaml";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { Skeleton } from "@/components/ui/Skeleton";
import { pages } from "@/lib/urls";

/** Read-only YAML of the live object (managedFields dropped by the hub); rendered as text, never HTML. */
export function YamlView({
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
  useClusterStream({ cluster, namespace, resources: [resource] });
  const list = useResourceList(cluster, resource, namespace);
  const object = list.items.find((o) => o.metadata.name === name);
  const { readOnly } = useSession();
  const text = useMemo(() => (object ? stringify(object, { lineWidth: 0 }) : ""), [object]);
  return (
    <>
      <div className="crumbs">
        <Link href={pages.workload(cluster, namespace, resource, name)}>
          {namespace} / {name}
        </Link>{" "}
        / YAML
      </div>
      <div className="page-head">
        <h1>{name}.yaml</h1>
        <ConnectionBadge connection={list.connection} />
        <span className="spacer" />
        {readOnly ? (
          <span className="muted small">This console is read-only.</span>
        ) : !KINDS.get(resource).writes.edit ? null : (
          <Link href={pages.edit(cluster, namespace, resource, name)} data-testid="edit-yaml">
            Edit YAML
          </Link>
        )}
      </div>
      {list.loading ? (
        <Skeleton />
      ) : object ? (
        <pre className="yaml" data-testid="yaml">
          {text}
        </pre>
      ) : (
        <div className="panel empty" data-testid="not-found">
          {KINDS.get(resource).kind} {name} not found in {namespace}.
        </div>
      )}
    </>
  );
}
