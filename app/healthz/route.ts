import { getHealthz } from "@/lib/server/probes";

export const dynamic = "force-dynamic";

export function GET() {
  return getHealthz();
}
