import { getObject } from "@/lib/server/routes";

export const dynamic = "force-dynamic";

export async function GET(
  req: Request,
  ctx: { params: Promise<{ cluster: string; ns: string; resource: string; name: string }> },
) {
  const { cluster, ns, resource, name } = await ctx.params;
  return getObject(req, cluster, ns, resource, name);
}
