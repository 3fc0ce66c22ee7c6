import type { ReactNode } from "react";
import { gate } from "./gate";
import { SignInRedirect } from "./SignInRedirect";
import { Unauthorized } from "./Unauthorized";

/**
 * Renders its pages only for a resolved caller; otherwise sign-in (token mode: to `cluster`, whose own
 * session the pages need) or a designed 401/403 page.
 */
export async function AuthGate({ children, cluster }: { children: ReactNode; cluster?: string }) {
  const g = await gate(cluster);
  if (g.ok) return <>{children}</>;
  if (g.mode === "token" && g.code === 401) return <SignInRedirect cluster={cluster} />;
  return <Unauthorized mode={g.mode} code={g.code} message={g.message} />;
}
