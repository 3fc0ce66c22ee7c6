import { getSession } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getSession(req);
}
