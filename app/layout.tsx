import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Providers } from "@/lib/client/providers";
import { ThemeToggle } from "@/components/ui/ThemeToggle";
import { UserMenu } from "@/components/auth/UserMenu";
import { THEME_BOOT_SCRIPT } from "@/components/ui/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Kruise Console", template: "%s — Kruise Console" },
  description: "Live OpenKruise CloneSet revisions, pods and in-place update batches.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* A constant script (no user data) that applies the saved theme before first paint. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <a href="#main" className="skip-link" data-testid="skip-link">
          Skip to main content
        </a>
        <Providers>
          <header className="topbar">
            <Link href="/" className="brand">
              Kruise Console
            </Link>
            <span className="muted small">OpenKruise workloads</span>
            <span className="spacer" />
            <UserMenu />
            <ThemeToggle />
          </header>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
