"use client";
import { memo, useMemo, useState } from "react";
import { useResourceList, type ResourceName } from "@/lib/client";
import type { ApiErrorBody } from "@/lib/k8s/wire";
import type { ControllerRevision, DaemonSet, Event, Node, Pod } from "@/lib/k8s/objects";
import { controlledBy } from "@/lib/kruise/core/owner";
import { daemonFacts, daemonSetLens as lens } from "@/lib/kruise/view/daemonset";
import { nodesView } from "@/lib/kruise/view/daemonset-nodes";
import type { DetailPods } from "@/lib/kruise/view/detail";
import { workloadDetailPods, workloadDetailView, type LensContext } from "@/lib/kruise/view/workload";
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
import { DaemonSetActionBar } from "./DaemonSetActionBar";
import { NodesPanel } from "./NodesPanel";

// The nodes ride the page's stream, watched cluster-wide (lib/kinds streamNamespace).
const NODES: ResourceName[] = ["nodes"];

/** `/c/<cluster>/ns/<ns>/daemonsets/<name>`: an Advanced DaemonSet, live, laid out by node (docs/kruise-rules.md §14). */
export function DaemonSetDetail({ cluster, namespace, name }: { cluster: string; namespace: string; name: string }) {
  const d = useWorkloadData(cluster, namespace, "daemonsets", name, NODES);
  const nodes = useResourceList(cluster, "nodes", null, { deferred: true });
  const now = useNow();
  const uid = d.object?.metadata.uid;
  const owned = useMemo(() => controlledBy(d.pods.items, uid), [d.pods.items, uid]);
  const known = !nodes.loading && !nodes.connection.error;
  const ctx = useMemo<LensContext>(
    () => ({ nodes: known ? nodes.items : undefined, pods: owned }),
    [known, nodes.items, owned],
  );
  const half = useMemo(
    () => (d.object ? workloadDetailPods(lens, d.object, d.pods.items, d.revs.items, now, ctx) : null),
    [d.object, d.pods.items, d.revs.items, now, ctx],
  );
  return (
    <DetailFrame
      cluster={cluster}
      namespace={namespace}
      name={name}
      title={lens.title}
      listHref={pages.list(cluster, "daemonsets")}
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
          owned={owned}
          revisions={d.revs.items}
          nodes={ctx.nodes}
          nodesError={nodes.connection.error}
          events={d.events.items}
          podsLoaded={!d.pods.loading}
          live={!notLive(d.connection.state)}
          half={half}
          ctx={ctx}
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
  object: DaemonSet;
  owned: Pod[];
  revisions: ControllerRevision[];
  nodes: readonly Node[] | undefined;
  nodesError?: ApiErrorBody;
  events: Event[];
  podsLoaded: boolean;
  live: boolean;
  half: DetailPods;
  ctx: LensContext;
  now: Date;
}

const Body = memo(function Body(p: BodyProps) {
  const { cluster, namespace, name, object, owned, nodes, half, ctx, now } = p;
  const { readOnly } = useSession();
  const [selected, setSelected] = useState<{ name: string; seq: number } | null>(null);
  const podHref = (pod: string) => pages.pod(cluster, namespace, pod);
  const view = useMemo(
    () => workloadDetailView(lens, object, half, p.events, now, ctx, { podsLoaded: p.podsLoaded }),
    [object, half, p.events, now, ctx, p.podsLoaded],
  );
  const byNode = useMemo(
    () => (nodes ? nodesView(object, nodes, owned, half.rows) : null),
    [object, nodes, owned, half.rows],
  );
  const facts = useMemo(() => daemonFacts(object), [object]);
  useDocumentTitle(`${name} · ${view.header.state.short}`);
  return (
    <div className={p.live ? undefined : "not-live"}>
      <SectionNav />
      <SectionStart id="summary" />
      <DaemonSetActionBar
        cluster={cluster}
        namespace={namespace}
        name={name}
        object={object}
        pods={owned}
        revisions={p.revisions}
        ctx={ctx}
        header={view.header}
        readOnly={readOnly}
        now={now}
      />
      <DetailHeader
        h={view.header}
        title={lens.title}
        update={view.update}
        yamlHref={pages.yaml(cluster, namespace, "daemonsets", name)}
        editHref={pages.edit(cluster, namespace, "daemonsets", name)}
        readOnly={readOnly}
      >
        <dl className="grid-kv" data-testid="daemonset-facts" style={{ marginTop: 8 }}>
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
      <NodesPanel v={byNode} error={p.nodesError} />
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
        resource="daemonsets"
        name={name}
        object={object}
        pods={owned}
        revisions={p.revisions}
        nodes={nodes}
        update={view.update}
        now={now}
      />
      <SectionStart id="history" />
      <Timeline
        cs={lens.shape(object, ctx)}
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
