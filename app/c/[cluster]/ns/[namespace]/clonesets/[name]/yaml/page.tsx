import type { Metadata } from "next";
import { YamlView } from "@/components/workload/detail/YamlView";
import { routeParam } from "@/components/clusters/route-param";

type Props = { params: Promise<{ cluster: string; namespace: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${routeParam((await params).name)} YAML` };
}

export default async function CloneSetYamlPage({ params }: Props) {
  const p = await params;
  return (
    <YamlView
      cluster={routeParam(p.cluster)}
      namespace={routeParam(p.namespace)}
      resource="clonesets"
      name={routeParam(p.name)}
    />
  );
}
