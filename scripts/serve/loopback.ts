/** Loopback addresses: the only binds allowed without authentication (docs/architecture.md §5), and a sidecar's peer address. */
export function isLoopback(host: string): boolean {
  const h = host
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/^::ffff:(?=127\.)/, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}
