import { env } from "./server/env.mjs";

/**
 * Sent with every response (pages, route handlers, static files): no framing of the
 * console (clickjacking its buttons), no MIME sniffing, no full URLs (account numbers) in
 * the Referer sent to other sites.
 */
export const SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/**
 * The Content-Security-Policy of what is not a console page: the API's JSON and static files
 * run nothing. Console pages get theirs, with a script nonce, from proxy.ts, and documents
 * send their own; a header set here would replace theirs, so it is limited to these paths.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const API_CSP_PATHS = [
  "/v1/:path*",
  "/v2/:path*",
  "/api/:path*",
  "/healthz/:path*",
  "/_next/:path*",
  "/icon.svg",
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/WASM packages must be loaded by Node at run time, not bundled.
  // The metrics registry and the OpenTelemetry SDK are one per process, shared with scripts/server.mjs (ADR 0043, 0044).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "postgres",
    "@node-rs/argon2",
    "@nats-io/transport-node",
    "graphql",
    "graphql-yoga",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
  // Type-checking is CI's (`.ci/run`: `npx tsc --noEmit -p .`), not the first start's: it was
  // 45 s of a newcomer's `npm start` (ADR 0504). `next build` still fails on a syntax error.
  // NEXT_BUILD_TYPECHECK=true puts the check back into the build.
  typescript: { ignoreBuildErrors: env.NEXT_BUILD_TYPECHECK !== true },
  poweredByHeader: false,
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      ...API_CSP_PATHS.map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: API_CSP }] })),
    ];
  },
};
export default nextConfig;
