import { getStream } from "@/lib/server/routes";
import { runtime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ cluster: string }> }) {
  const { cluster } = await ctx.params;
  return getStream(runtime(), req, cluster);
}
