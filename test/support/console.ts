import { getSession } from "@/lib/server/auth";
import { runtime } from "@/lib/server/runtime";

/** The anti-CSRF token a browser page would get from GET /api/auth/session (local mode here). */
export async function csrfFor(origin = "http://127.0.0.1:3000", headers: Record<string, string> = {}): Promise<string> {
  const res = await getSession(runtime(), new Request(`${origin}/api/auth/session`, { headers }));
  const body = (await res.json()) as { csrf?: string; message?: string };
  if (!body.csrf) throw new Error(`no session: ${body.message ?? res.status}`);
  return body.csrf;
}
