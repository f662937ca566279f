/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/WASM packages must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "@nats-io/transport-node", "graphql", "graphql-yoga"],
  poweredByHeader: false,
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
};
export default nextConfig;
