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
  const name = routeParam((await params).cluster);
  return (
    <AuthGate cluster={name}>
      <div className="page-head">
        <ClusterSwitcher cluster={name} />
      </div>
      {children}
    </AuthGate>
  );
}
