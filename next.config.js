// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // client-node and the Redis client use Node APIs and dynamic requires; keep them out of the server bundle.
  serverExternalPackages: ["@kubernetes/client-node", "redis"],
  // Stops `next dev` from writing agent rule files into the work tree.
  agentRules: false,
  poweredByHeader: false,
  reactStrictMode: true,
};
module.exports = nextConfig;
