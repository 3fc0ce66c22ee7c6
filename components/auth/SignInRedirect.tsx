"use client";
import Link from "next/link";
import { useEffect } from "react";
import { signInAgain } from "@/lib/client/session";

/** Token mode without a session: off to /signin, remembering this page (only the browser knows its URL here). */
export function SignInRedirect() {
  useEffect(() => signInAgain(), []);
  return (
    <div className="panel" data-testid="signin-required">
      <h1>Sign in required</h1>
      <p>
        This console acts as you on the cluster. <Link href="/signin">Sign in with your Kubernetes bearer token</Link>.
      </p>
    </div>
  );
}
