import type { Metadata } from "next";
import { StatefulSetDetail } from "@/components/statefulsets/StatefulSetDetail";
import { routeParam } from "@/components/clusters/route-param";

type Props = { params: Promise<{ cluster: string; namespace: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await params;
  return { title: `${routeParam(p.name)} · ${routeParam(p.namespace)}` };
}

export default async function StatefulSetPage({ params }: Props) {
  const p = await params;
  return (
    <StatefulSetDetail cluster={routeParam(p.cluster)} namespace={routeParam(p.namespace)} name={routeParam(p.name)} />
  );
}
