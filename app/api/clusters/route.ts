import { getClusterList } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getClusterList(req);
}
