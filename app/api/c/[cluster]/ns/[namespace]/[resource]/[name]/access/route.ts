import { getAccess } from "@/lib/server/write";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** GET ?verb=<verb>[&subresource=<sub>]: may the caller do this to this object? (lib/server/write/routes.ts) */
export async function GET(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; resource: string; name: string }> },
) {
  const { cluster, namespace, resource, name } = await ctx.params;
  return getAccess(runtime(), req, cluster, namespace, resource, name);
}
