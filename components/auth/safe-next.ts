/**
 * Where to go after sign-in: only same-site relative paths ("/c/x?y"), never "//evil.example",
 * "/\evil", "https://…" or anything with control characters (an open redirect otherwise).
 */
export function safeNext(next: string | string[] | null | undefined): string {
  const n = Array.isArray(next) ? next[0] : next;
  if (!n || n.length > 2048 || !n.startsWith("/") || n.startsWith("//") || n.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f\u007f]/.test(n) || n.startsWith("/signin")) return "/";
  return n;
}
