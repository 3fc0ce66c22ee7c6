import type { Metadata } from "next";
import { routeParam } from "@/components/clusters/route-param";
import { EditView } from "@/components/editor/EditView";

type Props = { params: Promise<{ cluster: string; namespace: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit Advanced StatefulSet ${routeParam((await params).name)}` };
}

export default async function EditStatefulSetPage({ params }: Props) {
  const p = await params;
  return (
    <EditView
      cluster={routeParam(p.cluster)}
      namespace={routeParam(p.namespace)}
      resource="statefulsets"
      name={routeParam(p.name)}
    />
  );
}
