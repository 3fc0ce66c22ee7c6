"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import type { ApiErrorBody } from "@/lib/k8s/wire";
import type { ConnLike } from "@/lib/kruise/view/connection";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  /** the kind as the console names it ("CloneSet", "Advanced StatefulSet") */
  title: string;
  /** its list page, for the crumbs and the not-found state */
  listHref: string;
  connection: ConnLike;
  errors: { resource: string; error: ApiErrorBody }[];
  /** the workload's own list has not arrived yet */
  loading: boolean;
  /** the workload's own list cannot be watched (its panel says why; "not found" would be a guess) */
  listFailed: boolean;
  /** the workload is in the list (the body is rendered) */
  found: boolean;
  children?: ReactNode;
}

/**
 * What every workload detail page shows around its body: the crumbs, the connection, a loading state, a list that
 * cannot be watched (one panel per list, with the cluster's reason) and a workload that is not there.
 */
export function DetailFrame({
  cluster,
  namespace,
  name,
  title,
  listHref,
  connection,
  errors,
  loading,
  listFailed,
  found,
  children,
}: Props) {
  const crumbs = (
    <div className="crumbs">
      <Link href={listHref}>{title}s</Link> / {namespace} / {name}
    </div>
  );
  const badge = (
    <div className="page-head">
      <ConnectionBadge connection={connection} />
    </div>
  );
  const failed = errors.map((e) => (
    <ErrorPanel key={e.resource} title={`Cannot watch ${e.resource} in namespace ${namespace}`} error={e.error} />
  ));
  if (loading && !listFailed)
    return (
      <>
        {crumbs}
        {badge}
        <div className="panel">
          <Skeleton label={`Loading ${title}`} />
        </div>
      </>
    );
  if (!found)
    return (
      <>
        {crumbs}
        {badge}
        {failed}
        {!listFailed ? (
          <div className="panel empty" data-testid="not-found">
            <h1>{title} not found</h1>
            <p>
              There is no {title} <span className="mono">{name}</span> in namespace{" "}
              <span className="mono">{namespace}</span> on {cluster}. It may have been deleted.
            </p>
            <p>
              <Link href={listHref}>Back to the {title} list</Link>
            </p>
          </div>
        ) : null}
      </>
    );
  return (
    <>
      {crumbs}
      {badge}
      {failed}
      {children}
    </>
  );
}
