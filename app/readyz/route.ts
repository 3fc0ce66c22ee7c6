import { getReadyz } from "@/lib/server/routes/probes";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export function GET() {
  return getReadyz(runtime());
}
