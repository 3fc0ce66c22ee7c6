import { getClusters } from "@/lib/server/routes";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getClusters(req);
}
