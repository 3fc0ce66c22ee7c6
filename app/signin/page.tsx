import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { gate } from "@/components/auth/gate";
import { safeNext } from "@/components/auth/safe-next";
import { SignInForm } from "@/components/auth/SignInForm";
import { Unauthorized } from "@/components/auth/Unauthorized";
import { runtime } from "@/lib/server/runtime";
import { pages } from "@/lib/urls";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The cluster to sign in to: `?cluster=` when it names a context, else the kubeconfig's current one. */
function chooseCluster(asked: string | undefined): { cluster?: string; unknown?: string } {
  try {
    const clusters = runtime().clusters.list();
    if (asked && clusters.some((c) => c.name === asked)) return { cluster: asked };
    const fallback = (clusters.find((c) => c.current) ?? clusters[0])?.name;
    return { cluster: fallback, ...(asked ? { unknown: asked } : {}) };
  } catch {
    return {};
  }
}

/**
 * /signin?cluster=<name>&next=<path> (token mode): a bearer token becomes a session for THAT cluster,
 * checked by its own TokenReview; other clusters need their own sign-in. Other modes explain or move on.
 */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; cluster?: string | string[] }>;
}) {
  const sp = await searchParams;
  const { cluster, unknown } = chooseCluster(first(sp.cluster));
  const next = safeNext(sp.next ?? (cluster ? pages.cloneSets(cluster) : undefined));
  const g = await gate(cluster);
  if (g.ok) redirect(next);
  if (g.mode !== "token") return <Unauthorized mode={g.mode} code={g.code} message={g.message} />;
  return (
    <div className="panel" style={{ maxWidth: 480, margin: "48px auto", padding: "24px 28px" }} data-testid="signin">
      <h1 style={{ marginBottom: 4 }}>{cluster ? `Sign in to ${cluster}` : "Sign in"}</h1>
      <p className="muted" style={{ marginTop: 0 }}>
        With your Kubernetes bearer token for this cluster: it checks the token itself, and everything you do here is
        done as you, with your own RBAC permissions. Other clusters ask for their own sign-in.
      </p>
      {unknown ? (
        <div className="callout warn" role="note" data-testid="signin-unknown-cluster">
          There is no cluster named <span className="mono">{unknown.slice(0, 100)}</span>; signing in to{" "}
          <span className="mono">{cluster}</span> instead.
        </div>
      ) : null}
      <SignInForm next={next} cluster={cluster} />
    </div>
  );
}
