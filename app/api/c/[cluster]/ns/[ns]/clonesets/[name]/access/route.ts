import { getAccess } from "@/lib/server/write";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ cluster: string; ns: string; name: string }> }) {
  const { cluster, ns, name } = await ctx.params;
  return getAccess(req, cluster, ns, name);
}
