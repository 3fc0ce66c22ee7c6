import { postUpdate } from "@/lib/server/write";

export const dynamic = "force-dynamic";

export async function POST(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; name: string }> },
) {
  const { cluster, namespace, name } = await ctx.params;
  return postUpdate(req, cluster, namespace, name);
}
