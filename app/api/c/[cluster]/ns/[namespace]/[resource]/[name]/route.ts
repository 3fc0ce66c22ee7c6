import { getObject } from "@/lib/server/routes";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; resource: string; name: string }> },
) {
  const { cluster, namespace, resource, name } = await ctx.params;
  return getObject(runtime(), req, cluster, namespace, resource, name);
}
