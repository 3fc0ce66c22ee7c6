import { postActivity } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

/** POST {} (token mode): the page's heartbeat while visible and interacted with; counts as use for the idle timeout. */
export function POST(req: Request) {
  return postActivity(req);
}
