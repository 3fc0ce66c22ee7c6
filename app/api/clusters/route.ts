import { getClusterList } from "@/lib/server/auth";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getClusterList(runtime(), req);
}
