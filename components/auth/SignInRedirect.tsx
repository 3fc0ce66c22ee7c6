"use client";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { signInAgain } from "@/lib/client/session";
import { pages } from "@/lib/urls";

/**
 * Token mode without a session for this page's cluster: off to /signin?cluster=…, remembering this page
 * (only the browser knows its URL here). Each cluster checks the token itself.
 */
export function SignInRedirect({ cluster }: { cluster?: string }) {
  const client = useQueryClient();
  useEffect(() => signInAgain(client), [client]);
  const href = pages.signIn(undefined, cluster);
  return (
    <div className="panel" data-testid="signin-required">
      <h1>{cluster ? `Sign in to ${cluster}` : "Sign in required"}</h1>
      <p>
        This console acts as you on the cluster
        {cluster ? ", and each cluster checks your token itself" : ""}.{" "}
        <Link href={href}>Sign in with your Kubernetes bearer token</Link>.
      </p>
    </div>
  );
}
