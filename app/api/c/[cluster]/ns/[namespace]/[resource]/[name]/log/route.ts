import { getPodLog } from "@/lib/server/logs";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** GET ?container=&previous=&follow=&timestamps=&tailLines=&limitBytes=&sinceSeconds=&download=: the pod's log as text. */
export async function GET(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; resource: string; name: string }> },
) {
  const { cluster, namespace, resource, name } = await ctx.params;
  return getPodLog(runtime(), req, cluster, namespace, resource, name);
}
