"use client";
import { memo, useMemo, useState } from "react";
import type { ResourceName } from "@/lib/client";
import type { CloneSet, ControllerRevision, Event, Pod } from "@/lib/k8s/objects";
import { detailPods, detailView, type DetailPods } from "@/lib/kruise/view/detail";
import { DetailFrame } from "@/components/workload/detail/DetailFrame";
import { useWorkloadData } from "@/components/workload/detail/useWorkloadData";
import { useDocumentTitle } from "@/components/ui/useDocumentTitle";
import { useNow } from "@/components/ui/useNow";
import { notLive } from "@/lib/kruise/view/connection";
import { pages } from "@/lib/urls";
import { DetailHeader } from "@/components/workload/detail/DetailHeader";
import { SectionNav, SectionStart } from "@/components/workload/detail/SectionNav";
import { EventsPanel } from "@/components/workload/detail/EventsPanel";
import { PodsPanel } from "@/components/workload/detail/PodsPanel";
import { PodMap } from "@/components/workload/podmap/PodMap";
import { Timeline } from "@/components/workload/timeline/Timeline";
import { RevisionsPanel } from "@/components/workload/detail/RevisionsPanel";
import { UpdatePanel } from "@/components/workload/detail/UpdatePanel";
import { cloneSetActionFacts } from "@/lib/kruise/view/actions-cloneset";
import { cloneSetLens } from "@/lib/kruise/view/workload";
import { DrivenActionBar, type DrivenKind } from "@/components/kruise-rollout/DrivenActionBar";
import { UpdateControls } from "@/components/update/UpdateControls";
import { useSession } from "@/lib/client/session";
import { KruiseRolloutBadge } from "@/components/kruise-rollout/KruiseRolloutBadge";
import { KRUISE_ROLLOUT_ANCHOR, KruiseRolloutPanel } from "@/components/kruise-rollout/KruiseRolloutPanel";
import { useKruiseRollout } from "@/components/kruise-rollout/useKruiseRollout";

/** The action bar's view of the kind (a Kruise Rollout may drive a CloneSet). */
const BAR: DrivenKind<CloneSet> = {
  resource: "clonesets",
  kind: "CloneSet",
  lens: cloneSetLens,
  facts: cloneSetActionFacts,
};

// Kruise Rollout's kinds ride the same stream; a cluster without them streams empty lists.
const KRUISE_ROLLOUT: ResourceName[] = ["rollouts", "batchreleases"];

/** Reads the namespace's live lists through one stream (the CloneSet, pods, revisions, events, Rollouts). */
export function useCloneSetData(cluster: string, namespace: string, name: string) {
  return useWorkloadData(cluster, namespace, "clonesets", name, KRUISE_ROLLOUT);
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
  return (
    <DetailFrame
      cluster={cluster}
      namespace={namespace}
      name={name}
      title="CloneSet"
      listHref={pages.cloneSets(cluster)}
      connection={d.connection}
      errors={d.errors}
      loading={d.loading}
      listFailed={d.own.connection.state === "error"}
      found={!!d.object && !!half}
    >
      {d.object && half ? (
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
      ) : null}
    </DetailFrame>
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
      <SectionNav />
      <SectionStart id="summary" />
      <DrivenActionBar
        of={BAR}
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
      <SectionStart id="pods-section" />
      <PodMap
        groups={view.groups}
        onSelect={(pod) => setSelected((s) => ({ name: pod, seq: (s?.seq ?? 0) + 1 }))}
        selected={selected?.name}
        podHref={(pod) => pages.pod(cluster, namespace, pod)}
      />
      <PodsPanel
        groups={view.groups}
        total={view.pods.length}
        selected={selected}
        podHref={(pod) => pages.pod(cluster, namespace, pod)}
      />
      <SectionStart id="update-section" />
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
      <UpdatePanel r={view.update} />
      <UpdateControls
        cluster={cluster}
        namespace={namespace}
        resource="clonesets"
        name={name}
        object={object}
        pods={pods}
        revisions={revisions}
        update={view.update}
        now={now}
        owner={kr.owner}
      />
      <SectionStart id="history" />
      <Timeline cs={object} progress={view.update.progress} events={view.events} now={now} pods={view.pods} />
      <RevisionsPanel revisions={view.revisions} />
      <SectionStart id="events-section" />
      <EventsPanel events={view.events} />
    </div>
  );
});
