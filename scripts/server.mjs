#!/usr/bin/env node
// The production HTTP server `npm start` runs (in place of `next start`): Next's request
// handler behind a plain Node server that stamps each request's TCP peer address into a
// header, so per-address limits know who is really connected (ADR 0009). Needs a build.
// Env: PORT (3000), KEEP_ALIVE_TIMEOUT (ms; Node's 5 s when unset, as `next start`),
// REQUEST_TIMEOUT / HEADERS_TIMEOUT (seconds; 60 / 10): see http-edge.mjs; DIRECT_ROUTES
// (`false`: every request through Next's pipeline): see direct-routes.mjs.
import http from "node:http";
import path from "node:path";
import { configErrors, env, setEnv } from "../server/env.mjs";
import { builtHandler, directRoutes } from "./direct-routes.mjs";
import { answerClientError, edgeServerOptions, withServedMethods } from "./http-edge.mjs";
import { PEER_SERVER_MARK, withPeerAddress } from "./peer-server.mjs";
import { startTracing, stopTracing, tracingEnabled } from "../server/lib/tracing.mjs";
import { requestMeter } from "./request-metrics.mjs";
import { requestTracer } from "./request-tracing.mjs";
import { builtRouteMatcher } from "./route-templates.mjs";

const invalid = configErrors();
if (invalid.length) {
  console.error(`Invalid configuration (see README.md, Configuration):\n  ${invalid.join("\n  ")}`);
  process.exit(1);
}

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = env.PORT;
setEnv({ NODE_ENV: "production" });
// Marked before Next starts: the app's instrumentation (server/background.ts) then leaves
// shutdown to this server instead of exiting on the signal itself.
globalThis[PEER_SERVER_MARK] = true;
// Before Next loads, so its own spans go to the same SDK (nothing is loaded when unset; ADR 0044).
await startTracing(env.OTEL_SERVICE_NAME);
const { default: next } = await import("next");

const app = next({ dev: false, dir, hostname: "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();
// Loaded after Next's own start, from the same build: the same module instances Next runs.
const direct = env.DIRECT_ROUTES ? directRoutes(builtHandler(dir), { maxBodyBytes: env.MAX_BODY_BYTES }) : () => undefined;
// Each request counted (ADR 0043) and traced (ADR 0044) under its route template, when on.
const templates = env.METRICS_PORT !== undefined || tracingEnabled() ? builtRouteMatcher(dir) : undefined;
const measure = templates && env.METRICS_PORT !== undefined ? requestMeter(templates) : undefined;
const traced = templates && tracingEnabled() ? requestTracer(templates) : undefined;

async function serve(req, res) {
  try {
    await (direct(req, res) ?? handle(req, res));
  } catch (err) {
    console.error(`Failed to handle request for ${req.url}`, err);
    if (res.headersSent) return void res.end();
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ detail: "Internal server error.", code: "internal_error", errors: [] }));
  }
}

const server = http.createServer(
  edgeServerOptions(),
  withPeerAddress(
    withServedMethods((req, res) => {
      measure?.(req, res);
      return traced ? traced(req, res, () => serve(req, res)) : serve(req, res);
    }),
  ),
);
server.on("clientError", answerClientError);
const keepAlive = Number(env.KEEP_ALIVE_TIMEOUT);
if (Number.isFinite(keepAlive) && keepAlive > 0) {
  server.keepAliveTimeout = keepAlive;
  // A request's headers must be allowed to arrive for longer than an idle connection lives.
  server.headersTimeout = Math.max(server.headersTimeout, keepAlive + 1000);
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
}

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  // Stop accepting, let in-flight requests finish, then stop the background work the app
  // started (registration worker, event relay: server/background.ts) and close Next.
  server.close(async (err) => {
    if (err) console.error(err);
    const stopBackground = globalThis[Symbol.for("kraken-migrate.stop-background")];
    if (typeof stopBackground === "function") await stopBackground().catch(console.error);
    await app.close().catch(console.error);
    await stopTracing();
    process.exit(0);
  });
  server.closeIdleConnections();
  // Keep-alive clients that keep sending would hold the server open: give up after a while.
  setTimeout(() => {
    console.error("Shutdown: requests still open after 10 s; exiting.");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

server.on("error", (err) => {
  console.error("Failed to start server", err);
  process.exit(1);
});
server.listen(port, () => {
  // As `next start`: server actions that redirect fetch the app through this origin.
  setEnv({ __NEXT_PRIVATE_ORIGIN: `http://localhost:${port}` });
  console.log(`> Ready on http://localhost:${port}`);
});
