import { getStream } from "@/lib/server/routes";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ cluster: string }> }) {
  const { cluster } = await ctx.params;
  return getStream(req, cluster);
}
