import { postSignOut } from "@/lib/server/auth";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** POST { cluster? }: signs out of that cluster, or of every cluster without one. */
export function POST(req: Request) {
  return postSignOut(runtime(), req);
}
