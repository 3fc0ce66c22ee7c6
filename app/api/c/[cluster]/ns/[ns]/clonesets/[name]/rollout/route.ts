import { postRollout } from "@/lib/server/write";

export const dynamic = "force-dynamic";

export async function POST(req: Request, ctx: { params: Promise<{ cluster: string; ns: string; name: string }> }) {
  const { cluster, ns, name } = await ctx.params;
  return postRollout(req, cluster, ns, name);
}
