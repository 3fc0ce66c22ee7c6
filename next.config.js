// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // client-node and the Redis client use Node APIs and dynamic requires; keep them out of the server bundle.
  serverExternalPackages: ["@kubernetes/client-node", "redis"],
  // Stops `next dev` from writing agent rule files into the work tree.
  agentRules: false,
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` runs `tsc --noEmit` over the whole tree as a step of its own, just before the build; it sets this so
  // the build does not type-check the same files a second time. Every other build checks types.
  typescript: { ignoreBuildErrors: process.env.KRUISE_CONSOLE_TYPES_CHECKED === "1" },
};
module.exports = nextConfig;
