import type { ReactNode } from "react";
import { ClusterSwitcher } from "@/components/clusters/ClusterSwitcher";
import { routeParam } from "@/components/clusters/route-param";

export default async function ClusterLayout({ children, params }: { children: ReactNode; params: Promise<{ cluster: string }> }) {
  const { cluster } = await params;
  return (
    <>
      <div className="page-head">
        <ClusterSwitcher cluster={routeParam(cluster)} />
      </div>
      {children}
    </>
  );
}
