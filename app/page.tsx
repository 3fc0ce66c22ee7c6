import type { Metadata } from "next";
import { AuthGate } from "@/components/auth/AuthGate";
import { HomeRedirect } from "@/components/clusters/HomeRedirect";

export const metadata: Metadata = { title: "Clusters" };

export default function Home() {
  return (
    <AuthGate>
      <HomeRedirect />
    </AuthGate>
  );
}
