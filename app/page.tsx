import type { Metadata } from "next";
import { HomeRedirect } from "@/components/clusters/HomeRedirect";

export const metadata: Metadata = { title: "Clusters" };

export default function Home() {
  return <HomeRedirect />;
}
