import { postWrite } from "@/lib/server/write";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * POST a write the kind's home offers (lib/kinds): `update` on a CloneSet, `action` on a Kruise Rollout, `edit` on any
 * editable kind. Every answer is a WriteOutcome (lib/k8s/wire.ts); see lib/server/write/routes.ts.
 */
export async function POST(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; resource: string; name: string; write: string }> },
) {
  const { cluster, namespace, resource, name, write } = await ctx.params;
  return postWrite(runtime(), req, cluster, namespace, resource, name, write);
}
