import { getHealthz } from "@/lib/server/routes/probes";

export const dynamic = "force-dynamic";

export function GET() {
  return getHealthz();
}
