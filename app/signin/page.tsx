import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { gate } from "@/components/auth/gate";
import { safeNext } from "@/components/auth/safe-next";
import { SignInForm } from "@/components/auth/SignInForm";
import { Unauthorized } from "@/components/auth/Unauthorized";
import { listClusters } from "@/lib/server/clusters";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

/** The context a token signs in to (the kubeconfig's current one); no session is needed to name it. */
function currentCluster(): string | undefined {
  try {
    const clusters = listClusters();
    return (clusters.find((c) => c.current) ?? clusters[0])?.name;
  } catch {
    return undefined;
  }
}

/** /signin (token mode): a bearer token becomes a server-side session; other modes explain or move on. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  const g = await gate();
  if (g.ok) redirect(next);
  if (g.mode !== "token") return <Unauthorized mode={g.mode} code={g.code} message={g.message} />;
  const cluster = currentCluster();
  return (
    <div className="panel" style={{ maxWidth: 480, margin: "48px auto", padding: "24px 28px" }} data-testid="signin">
      <h1 style={{ marginBottom: 4 }}>Sign in with your Kubernetes bearer token</h1>
      <p className="muted" style={{ marginTop: 0 }}>
        {cluster ? (
          <>
            Cluster <span className="mono">{cluster}</span>.{" "}
          </>
        ) : null}
        Everything you do here is done as you, with your own RBAC permissions.
      </p>
      <SignInForm next={next} cluster={cluster} />
    </div>
  );
}
