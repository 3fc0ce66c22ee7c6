"use client";
import Link from "next/link";
import { memo, useMemo, useState } from "react";
import { useClusterStream, useResourceList, type ResourceName } from "@/lib/client";
import type { CloneSet, ControllerRevision, Event, Pod } from "@/lib/k8s/objects";
import { combineConnections } from "@/lib/kruise/view/connection";
import { detailPods, detailView, type DetailPods } from "@/lib/kruise/view/detail";
import { ConnectionBadge } from "@/components/ui/ConnectionBadge";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Skeleton } from "@/components/ui/Skeleton";
import { useDocumentTitle } from "@/components/ui/useDocumentTitle";
import { useNow } from "@/components/ui/useNow";
import { notLive } from "../CloneSetList";
import { pages } from "@/lib/urls";
import { DetailHeader } from "./DetailHeader";
import { EventsPanel } from "./EventsPanel";
import { PodsPanel } from "./PodsPanel";
import { PodMap } from "../podmap/PodMap";
import { Timeline } from "../timeline/Timeline";
import { RevisionsPanel } from "./RevisionsPanel";
import { UpdatePanel } from "./UpdatePanel";
import { CloneSetActionBar } from "./CloneSetActionBar";
import { UpdateControls } from "@/components/update/UpdateControls";
import { useSession } from "@/lib/client/session";
import { KruiseRolloutBadge } from "@/components/kruise-rollout/KruiseRolloutBadge";
import { KRUISE_ROLLOUT_ANCHOR, KruiseRolloutPanel } from "@/components/kruise-rollout/KruiseRolloutPanel";
import { useKruiseRollout } from "@/components/kruise-rollout/useKruiseRollout";

const RESOURCES: ResourceName[] = ["clonesets", "pods", "controllerrevisions", "events"];
// Kruise Rollout's kinds ride the same stream; a cluster without them streams empty lists.
const STREAMED: ResourceName[] = [...RESOURCES, "rollouts", "batchreleases"];

// The page renders a copy of the lists a render behind the cache, in slices (useResourceList's `deferred`).
const DEFERRED = { deferred: true };

/** Reads the namespace's four live lists through one stream and renders the detail view model. */
export function useCloneSetData(cluster: string, namespace: string, name: string) {
  // A large pods snapshot is decoded in slices that build its rows as they come (the pod home's prepareView).
  useClusterStream({ cluster, namespace, resources: STREAMED });
  const cs = useResourceList(cluster, "clonesets", namespace, DEFERRED);
  const pods = useResourceList(cluster, "pods", namespace, DEFERRED);
  const revs = useResourceList(cluster, "controllerrevisions", namespace, DEFERRED);
  const events = useResourceList(cluster, "events", namespace, DEFERRED);
  const object = cs.items.find((o) => o.metadata.name === name);
  const connection = combineConnections([cs.connection, pods.connection, revs.connection, events.connection]);
  const errors = [cs, pods, revs, events]
    .map((l, i) => ({ resource: RESOURCES[i], error: l.connection.error }))
    .filter((e) => e.error);
  return { object, cs, pods, revs, events, connection, errors, loading: cs.loading };
}

export function CloneSetDetail({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const d = useCloneSetData(cluster, namespace, name);
  const now = useNow();
  // The view is computed in two halves, here and in DetailBody: React can yield between the two components, so a
  // 5,000-pod page's first render is two slices of work instead of one.
  const half = useMemo(
    () => (d.object ? detailPods(d.object, d.pods.items, d.revs.items, now) : null),
    [d.object, d.pods.items, d.revs.items, now],
  );
  const listHref = pages.cloneSets(cluster);
  const crumbs = (
    <div className="crumbs">
      <Link href={listHref}>CloneSets</Link> / {namespace} / {name}
    </div>
  );
  const badge = (
    <div className="page-head">
      <ConnectionBadge connection={d.connection} />
    </div>
  );
  const errors = d.errors.map((e) => (
    <ErrorPanel key={e.resource} title={`Cannot watch ${e.resource} in namespace ${namespace}`} error={e.error!} />
  ));

  if (d.loading && d.cs.connection.state !== "error")
    return (
      <>
        {crumbs}
        {badge}
        <div className="panel">
          <Skeleton label="Loading CloneSet" />
        </div>
      </>
    );
  if (!d.object || !half) {
    return (
      <>
        {crumbs}
        {badge}
        {errors}
        {d.cs.connection.state !== "error" ? (
          <div className="panel empty" data-testid="not-found">
            <h1>CloneSet not found</h1>
            <p>
              There is no CloneSet <span className="mono">{name}</span> in namespace{" "}
              <span className="mono">{namespace}</span> on {cluster}. It may have been deleted.
            </p>
            <p>
              <Link href={listHref}>Back to the CloneSet list</Link>
            </p>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <>
      {crumbs}
      {badge}
      {errors}
      <DetailBody
        cluster={cluster}
        namespace={namespace}
        name={name}
        object={d.object}
        pods={d.pods.items}
        revisions={d.revs.items}
        events={d.events.items}
        podsLoaded={!d.pods.loading}
        live={!notLive(d.connection.state)}
        half={half}
        now={now}
      />
    </>
  );
}

// Memoised on values that keep their identity while the lists do: the cache's own synchronous re-render, which sees
// the deferred lists unchanged, stops here instead of re-rendering the whole page.
const DetailBody = memo(function DetailBody({
  cluster,
  namespace,
  name,
  object,
  pods,
  revisions,
  events,
  podsLoaded,
  live,
  half,
  now,
}: {
  cluster: string;
  namespace: string;
  name: string;
  object: CloneSet;
  pods: Pod[];
  revisions: ControllerRevision[];
  events: Event[];
  podsLoaded: boolean;
  live: boolean;
  half: DetailPods;
  now: Date;
}) {
  const { readOnly } = useSession();
  const [selected, setSelected] = useState<{ name: string; seq: number } | null>(null);
  const kr = useKruiseRollout(cluster, namespace, object, pods, revisions, events, now);
  // The header's state defers to the Rollout section's own view (its name, release and state), so they agree.
  const krView = kr.view;
  const view = useMemo(
    () => detailView(object, half, events, now, { podsLoaded, kruiseRollout: krView ?? undefined }),
    [object, half, events, now, podsLoaded, krView],
  );
  // The tab says which CloneSet and its state: "cart · held 5/10 — Kruise Console".
  useDocumentTitle(`${name} · ${view.header.state.short}`);
  return (
    <div className={live ? undefined : "not-live"}>
      <CloneSetActionBar
        cluster={cluster}
        namespace={namespace}
        name={name}
        object={object}
        pods={pods}
        revisions={revisions}
        header={view.header}
        rollout={kr.view}
        rollbackOwner={kr.owner?.rollback}
        readOnly={readOnly}
        now={now}
      />
      <DetailHeader
        h={view.header}
        update={view.update}
        yamlHref={pages.cloneSetYaml(cluster, namespace, name)}
        editHref={pages.edit(cluster, namespace, "clonesets", name)}
        readOnly={readOnly}
        badges={
          kr.link ? (
            <KruiseRolloutBadge name={kr.link.name} state={kr.view?.state} href={`#${KRUISE_ROLLOUT_ANCHOR}`} />
          ) : null
        }
      />
      {kr.view ? (
        <KruiseRolloutPanel
          cluster={cluster}
          namespace={namespace}
          cloneSet={name}
          view={kr.view}
          readOnly={readOnly}
          watchError={kr.watchError}
        />
      ) : null}
      <PodMap groups={view.groups} onSelect={(pod) => setSelected((s) => ({ name: pod, seq: (s?.seq ?? 0) + 1 }))} />
      <Timeline cs={object} progress={view.update.progress} events={view.events} now={now} />
      <UpdatePanel r={view.update} />
      <UpdateControls
        cluster={cluster}
        namespace={namespace}
        name={name}
        object={object}
        pods={pods}
        revisions={revisions}
        update={view.update}
        now={now}
        owner={kr.owner}
      />
      <RevisionsPanel revisions={view.revisions} />
      <PodsPanel groups={view.groups} total={view.pods.length} selected={selected} />
      <EventsPanel events={view.events} />
    </div>
  );
});
