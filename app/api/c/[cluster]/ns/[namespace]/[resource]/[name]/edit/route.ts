import { editObject } from "@/lib/server/write";

export const dynamic = "force-dynamic";

/** POST { base, mine, choices?, preview?, dryRun?, expectBody? } → an EditOutcome: see lib/server/write/edit.ts. */
export async function POST(
  req: Request,
  ctx: { params: Promise<{ cluster: string; namespace: string; resource: string; name: string }> },
) {
  const { cluster, namespace, resource, name } = await ctx.params;
  return editObject(req, cluster, namespace, resource, name);
}
