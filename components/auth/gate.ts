import "server-only";
import { headers } from "next/headers";
import { resolveCaller, type AuthMode, type Caller } from "@/lib/server/auth";
import { HttpError } from "@/lib/server/errors";
import { runtime } from "@/lib/server/runtime";

export type Gate = { ok: true; caller: Caller } | { ok: false; mode: AuthMode; code: number; message: string };

/**
 * Who is asking for this page (shared mode): the same resolution the API routes use, so pages and data
 * agree. A cluster's pages pass the cluster: token mode needs the browser's session for THAT cluster.
 */
export async function gate(cluster?: string): Promise<Gate> {
  const h = await headers();
  try {
    return { ok: true, caller: await resolveCaller(runtime(), h, undefined, { cluster: cluster ?? null }) };
  } catch (e) {
    // an unknown cluster: the page itself says so (with the known names), as for a signed-in user
    if (e instanceof HttpError && e.body.code === 400 && cluster !== undefined) return gate();
    if (e instanceof HttpError && (e.body.code === 401 || e.body.code === 403)) {
      return { ok: false, mode: runtime().config.mode, code: e.body.code, message: e.body.message };
    }
    throw e;
  }
}
