import { getAccess } from "@/lib/server/write";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ cluster: string; ns: string; name: string }> }) {
  const { cluster, ns, name } = await ctx.params;
  return getAccess(cluster, ns, name);
}
