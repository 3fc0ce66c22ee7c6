import type { Metadata } from "next";
import { routeParam } from "@/components/clusters/route-param";
import { RevisionView } from "@/components/editor/RevisionView";

type Props = { params: Promise<{ cluster: string; namespace: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `ControllerRevision ${routeParam((await params).name)}` };
}

export default async function ControllerRevisionPage({ params }: Props) {
  const p = await params;
  return <RevisionView cluster={routeParam(p.cluster)} namespace={routeParam(p.namespace)} name={routeParam(p.name)} />;
}
