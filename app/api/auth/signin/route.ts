import { postSignIn } from "@/lib/server/auth";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** POST { token, cluster? } (token mode): checks the token with a TokenReview, then sets the session cookie. */
export function POST(req: Request) {
  return postSignIn(runtime(), req);
}
