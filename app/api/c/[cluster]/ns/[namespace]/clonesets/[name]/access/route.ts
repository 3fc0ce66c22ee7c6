import { getAccess } from "@/lib/server/write";

export const dynamic = "force-dynamic";

export async function GET(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; name: string }> },
) {
  const { cluster, namespace, name } = await ctx.params;
  return getAccess(req, cluster, namespace, name);
}
