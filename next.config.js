// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // client-node uses Node APIs and dynamic requires; keep it out of the server bundle.
  serverExternalPackages: ["@kubernetes/client-node"],
  // Stops `next dev` from writing agent rule files into the work tree.
  agentRules: false,
  poweredByHeader: false,
  reactStrictMode: true,
};
module.exports = nextConfig;
