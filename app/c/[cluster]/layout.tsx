import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/AuthGate";
import { ClusterSwitcher } from "@/components/clusters/ClusterSwitcher";
import { routeParam } from "@/components/clusters/route-param";

/** Every cluster page: only for a resolved caller (sign-in / 401 page otherwise), then the cluster switcher. */
export default async function ClusterLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ cluster: string }>;
}) {
  const { cluster } = await params;
  return (
    <AuthGate>
      <div className="page-head">
        <ClusterSwitcher cluster={routeParam(cluster)} />
      </div>
      {children}
    </AuthGate>
  );
}
