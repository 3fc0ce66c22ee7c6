import { postSignOut } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

/** POST { cluster? }: signs out of that cluster, or of every cluster without one. */
export function POST(req: Request) {
  return postSignOut(req);
}
