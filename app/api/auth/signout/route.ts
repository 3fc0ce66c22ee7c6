import { postSignOut } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export function POST(req: Request) {
  return postSignOut(req);
}
