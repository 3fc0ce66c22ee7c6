import { getObject } from "@/lib/server/routes";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ cluster: string; ns: string; resource: string; name: string }> }) {
  const { cluster, ns, resource, name } = await ctx.params;
  return getObject(cluster, ns, resource, name);
}
