import { getClusters } from "@/lib/server/routes";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getClusters(runtime(), req);
}
