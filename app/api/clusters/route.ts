import { getClusters } from "@/lib/server/routes";

export const dynamic = "force-dynamic";

export function GET() {
  return getClusters();
}
