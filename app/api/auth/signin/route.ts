import { postSignIn } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

/** POST { token, cluster? } (token mode): checks the token with a TokenReview, then sets the session cookie. */
export function POST(req: Request) {
  return postSignIn(req);
}
