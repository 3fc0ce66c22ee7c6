"use client";
import { memo, useMemo, useState } from "react";
import type { ControllerRevision, Event, Pod, StatefulSet } from "@/lib/k8s/objects";
import type { DetailPods } from "@/lib/kruise/view/detail";
import { inOrdinalOrder, ordinalsView, statefulFacts, statefulSetLens as lens } from "@/lib/kruise/view/statefulset";
import { workloadDetailPods, workloadDetailView } from "@/lib/kruise/view/workload";
import { pages } from "@/lib/urls";
import { useDocumentTitle } from "@/components/ui/useDocumentTitle";
import { useNow } from "@/components/ui/useNow";
import { notLive } from "@/lib/kruise/view/connection";
import { DetailFrame } from "@/components/workload/detail/DetailFrame";
import { DetailHeader } from "@/components/workload/detail/DetailHeader";
import { EventsPanel } from "@/components/workload/detail/EventsPanel";
import { PodsPanel } from "@/components/workload/detail/PodsPanel";
import { RevisionsPanel } from "@/components/workload/detail/RevisionsPanel";
import { UpdatePanel } from "@/components/workload/detail/UpdatePanel";
import { useWorkloadData } from "@/components/workload/detail/useWorkloadData";
import { PodMap } from "@/components/workload/podmap/PodMap";
import { Timeline } from "@/components/workload/timeline/Timeline";
import { SectionNav, SectionStart } from "@/components/workload/detail/SectionNav";
import { UpdateControls } from "@/components/update/UpdateControls";
import { useSession } from "@/lib/client/session";
import type { ResourceName } from "@/lib/client";
import { KruiseRolloutBadge } from "@/components/kruise-rollout/KruiseRolloutBadge";
import { KRUISE_ROLLOUT_ANCHOR, KruiseRolloutPanel } from "@/components/kruise-rollout/KruiseRolloutPanel";
import { useKruiseRollout } from "@/components/kruise-rollout/useKruiseRollout";
import { OrdinalsPanel } from "./OrdinalsPanel";
import { statefulSetActionFacts } from "@/lib/kruise/view/actions-statefulset";
import { DrivenActionBar, type DrivenKind } from "@/components/kruise-rollout/DrivenActionBar";

/** The action bar's view of the kind (a Kruise Rollout may drive an Advanced StatefulSet). */
const BAR: DrivenKind<StatefulSet> = {
  resource: "statefulsets",
  kind: "StatefulSet",
  lens,
  facts: statefulSetActionFacts,
};

/** A Kruise Rollout may drive an Advanced StatefulSet: its kinds ride in the page's stream (empty without the CRDs). */
const KRUISE_ROLLOUT: ResourceName[] = ["rollouts", "batchreleases"];

/** `/c/<cluster>/ns/<ns>/statefulsets/<name>`: an Advanced StatefulSet, live (docs/kruise-rules.md §13). */
export function StatefulSetDetail({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const d = useWorkloadData(cluster, namespace, "statefulsets", name, KRUISE_ROLLOUT);
  const now = useNow();
  // Two halves, as on the CloneSet page: React can yield between this component's work and the body's.
  const half = useMemo(
    () => (d.object ? inOrdinalOrder(workloadDetailPods(lens, d.object, d.pods.items, d.revs.items, now)) : null),
    [d.object, d.pods.items, d.revs.items, now],
  );
  return (
    <DetailFrame
      cluster={cluster}
      namespace={namespace}
      name={name}
      title={lens.title}
      listHref={pages.list(cluster, "statefulsets")}
      connection={d.connection}
      errors={d.errors}
      loading={d.loading}
      listFailed={d.own.connection.state === "error"}
      found={!!d.object && !!half}
    >
      {d.object && half ? (
        <Body
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

interface BodyProps {
  cluster: string;
  namespace: string;
  name: string;
  object: StatefulSet;
  pods: Pod[];
  revisions: ControllerRevision[];
  events: Event[];
  podsLoaded: boolean;
  live: boolean;
  half: DetailPods;
  now: Date;
}

const Body = memo(function Body(p: BodyProps) {
  const { cluster, namespace, name, object, events, podsLoaded, live, half, now } = p;
  const { readOnly } = useSession();
  const [selected, setSelected] = useState<{ name: string; seq: number } | null>(null);
  const podHref = (pod: string) => pages.pod(cluster, namespace, pod);
  // A Kruise Rollout may name this Advanced StatefulSet (docs/kruise-rollouts.md §15): its section, and it owns the
  // partition and pause while it does.
  const kr = useKruiseRollout(cluster, namespace, object, p.pods, p.revisions, events, now, "StatefulSet");
  // The header's state defers to the Rollout section's own view, as on the CloneSet page.
  const krView = kr.view;
  const view = useMemo(
    () => workloadDetailView(lens, object, half, events, now, {}, { podsLoaded, kruiseRollout: krView ?? undefined }),
    [object, half, events, now, podsLoaded, krView],
  );
  const ordinals = useMemo(() => ordinalsView(object, half.rows), [object, half.rows]);
  const facts = useMemo(() => statefulFacts(object), [object]);
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
        pods={p.pods}
        revisions={p.revisions}
        header={view.header}
        rollout={kr.view}
        rollbackOwner={kr.owner?.rollback}
        readOnly={readOnly}
        now={now}
      />
      <DetailHeader
        h={view.header}
        title={lens.title}
        update={view.update}
        yamlHref={pages.yaml(cluster, namespace, "statefulsets", name)}
        editHref={pages.edit(cluster, namespace, "statefulsets", name)}
        readOnly={readOnly}
        badges={
          kr.link ? (
            <KruiseRolloutBadge name={kr.link.name} state={kr.view?.state} href={`#${KRUISE_ROLLOUT_ANCHOR}`} />
          ) : null
        }
      >
        <dl className="grid-kv" data-testid="statefulset-facts" style={{ marginTop: 8 }}>
          {facts.map((f) => (
            <FactRow key={f.label} label={f.label} value={f.value} />
          ))}
        </dl>
      </DetailHeader>
      <SectionStart id="pods-section" />
      <PodMap
        groups={view.groups}
        onSelect={(pod) => setSelected((s) => ({ name: pod, seq: (s?.seq ?? 0) + 1 }))}
        selected={selected?.name}
        podHref={podHref}
      />
      <OrdinalsPanel v={ordinals} />
      <PodsPanel
        groups={view.groups}
        total={view.pods.length}
        selected={selected}
        kind={lens.title}
        podHref={podHref}
      />
      <SectionStart id="update-section" />
      {kr.view ? (
        <KruiseRolloutPanel
          cluster={cluster}
          namespace={namespace}
          cloneSet={name}
          kind="StatefulSet"
          view={kr.view}
          readOnly={readOnly}
          watchError={kr.watchError}
        />
      ) : null}
      <UpdatePanel r={view.update} />
      <UpdateControls
        cluster={cluster}
        namespace={namespace}
        resource="statefulsets"
        name={name}
        object={object}
        pods={p.pods}
        revisions={p.revisions}
        update={view.update}
        now={now}
        owner={kr.owner}
      />
      <SectionStart id="history" />
      <Timeline
        cs={lens.shape(object, {})}
        progress={view.update.progress}
        events={view.events}
        now={now}
        pods={view.pods}
        kind={lens.kind}
      />
      <RevisionsPanel revisions={view.revisions} />
      <SectionStart id="events-section" />
      <EventsPanel events={view.events} kind={lens.title} />
    </div>
  );
});

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
