import type { Metadata } from "next";
import { Suspense } from "react";
import { WorkloadList } from "@/components/workload/list/WorkloadList";
import { routeParam } from "@/components/clusters/route-param";
import { Skeleton } from "@/components/ui/Skeleton";

type Props = { params: Promise<{ cluster: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Workloads · ${routeParam((await params).cluster)}` };
}

export default async function WorkloadsPage({ params }: Props) {
  const { cluster } = await params;
  return (
    <Suspense fallback={<Skeleton label="Loading Workloads" />}>
      <WorkloadList cluster={routeParam(cluster)} />
    </Suspense>
  );
}
