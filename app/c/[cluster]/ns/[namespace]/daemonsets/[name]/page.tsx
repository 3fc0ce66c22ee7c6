import type { Metadata } from "next";
import { DaemonSetDetail } from "@/components/daemonsets/DaemonSetDetail";
import { routeParam } from "@/components/clusters/route-param";

type Props = { params: Promise<{ cluster: string; namespace: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await params;
  return { title: `${routeParam(p.name)} · ${routeParam(p.namespace)}` };
}

export default async function DaemonSetPage({ params }: Props) {
  const p = await params;
  return (
    <DaemonSetDetail cluster={routeParam(p.cluster)} namespace={routeParam(p.namespace)} name={routeParam(p.name)} />
  );
}
