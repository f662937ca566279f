/**
 * Sent with every response (pages, route handlers, static files): no framing of the
 * console (clickjacking its buttons), no MIME sniffing, no full URLs (account numbers) in
 * the Referer sent to other sites.
 */
export const SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/WASM packages must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "@nats-io/transport-node", "graphql", "graphql-yoga"],
  poweredByHeader: false,
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};
export default nextConfig;
