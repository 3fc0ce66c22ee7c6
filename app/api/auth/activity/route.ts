import { postActivity } from "@/lib/server/auth";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** POST {} (token mode): the page's heartbeat while visible and interacted with; counts as use for the idle timeout. */
export function POST(req: Request) {
  return postActivity(runtime(), req);
}
