import type { Metadata } from "next";
import { Suspense } from "react";
import { routeParam } from "@/components/clusters/route-param";
import { PodPage } from "@/components/pods/PodPage";
import { Skeleton } from "@/components/ui/Skeleton";

type Props = { params: Promise<{ cluster: string; namespace: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await params;
  return { title: `${routeParam(p.name)} · logs` };
}

export default async function PodLogsPage({ params }: Props) {
  const p = await params;
  return (
    <Suspense fallback={<Skeleton label="Loading the pod" />}>
      <PodPage cluster={routeParam(p.cluster)} namespace={routeParam(p.namespace)} name={routeParam(p.name)} />
    </Suspense>
  );
}
