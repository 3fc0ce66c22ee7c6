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
import { OrdinalsPanel } from "./OrdinalsPanel";

/** `/c/<cluster>/ns/<ns>/statefulsets/<name>`: an Advanced StatefulSet, live (docs/kruise-rules.md §13). */
export function StatefulSetDetail({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const d = useWorkloadData(cluster, namespace, "statefulsets", name);
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
  const view = useMemo(
    () => workloadDetailView(lens, object, half, events, now, {}, { podsLoaded }),
    [object, half, events, now, podsLoaded],
  );
  const ordinals = useMemo(() => ordinalsView(object, half.rows), [object, half.rows]);
  const facts = useMemo(() => statefulFacts(object), [object]);
  useDocumentTitle(`${name} · ${view.header.state.short}`);
  return (
    <div className={live ? undefined : "not-live"}>
      <SectionNav />
      <SectionStart id="summary" />
      <DetailHeader
        h={view.header}
        title={lens.title}
        update={view.update}
        yamlHref={pages.yaml(cluster, namespace, "statefulsets", name)}
        editHref={pages.edit(cluster, namespace, "statefulsets", name)}
        readOnly={readOnly}
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
