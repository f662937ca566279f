#!/usr/bin/env node
// The production HTTP server `npm start` runs (in place of `next start`): Next's request
// handler behind a plain Node server that stamps each request's TCP peer address into a
// header, so per-address limits know who is really connected (ADR 0009). The REST API is
// served from the route table's sources at once, the console once Next's build is there
// (`--build`: built first, while the API answers and console pages say so; ADR 0506).
// Env: PORT (3000), KEEP_ALIVE_TIMEOUT (ms; Node's 5 s when unset, as `next start`),
// REQUEST_TIMEOUT / HEADERS_TIMEOUT (seconds; 60 / 10): see http-edge.mjs; DIRECT_ROUTES
// (`false`: every request through Next's pipeline): see direct-routes.mjs.
import http from "node:http";
import path from "node:path";
import { configErrors, env, setEnv } from "../server/env.mjs";
import { apiLane, directRoutes, tableHandler } from "./direct-routes.mjs";
import { building, buildConsole } from "./console-build.mjs";
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
// The REST route table from the sources (ADR 0505): the API answers before Next has started, or
// been built (ADR 0506); what is one per process lives on globalThis, shared with Next's copy.
const loadTable = await tableHandler();
const direct = env.DIRECT_ROUTES ? directRoutes(loadTable, { maxBodyBytes: env.MAX_BODY_BYTES }) : () => undefined;
const api = apiLane(loadTable.dispatch, { maxBodyBytes: env.MAX_BODY_BYTES });
// Workers, relay and metrics endpoint, started here (Next's instrumentation then finds them started).
const { tsImport } = await import("tsx/esm/api");
const startBackground = async () => (await tsImport("../server/background.ts", import.meta.url)).startBackground();

/** @type {{ close: () => Promise<void> } | undefined} */
let app;
/** @type {((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | undefined} */
let handle;
// Each request counted (ADR 0043) and traced (ADR 0044) under its route template, when on; the console's templates once it is built.
let templates =
  env.METRICS_PORT !== undefined || tracingEnabled() ? builtRouteMatcher(dir, loadTable.templates) : undefined;
const templateOf = (url) => (templates ? templates(url) : "unmatched");
const measure = templates && env.METRICS_PORT !== undefined ? requestMeter(templateOf) : undefined;
const traced = templates && tracingEnabled() ? requestTracer(templateOf) : undefined;

/** Next, from the build under `dir`: the console, and the API too when DIRECT_ROUTES=false. */
async function startNext() {
  const { default: next } = await import("next");
  const started = next({ dev: false, dir, hostname: "localhost", port });
  await started.prepare();
  app = started;
  if (templates) templates = builtRouteMatcher(dir, loadTable.templates);
  handle = started.getRequestHandler();
}

async function serve(req, res) {
  try {
    if (handle) return await (direct(req, res) ?? handle(req, res));
    await (api(req, res) ?? building(req, res));
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
    await app?.close().catch(console.error);
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
  console.log(`> API ready on http://localhost:${port}/v1/`);
});
try {
  // `--build` (npm start, when sources changed): the console is built while the API answers.
  if (process.argv.includes("--build")) await buildConsole();
  await startNext();
  // After Next has loaded: loading it holds the event loop for seconds, past the pool's 2 s connect timeout (ADR 0013).
  await startBackground();
  console.log(`> Ready on http://localhost:${port}`);
} catch (err) {
  console.error(`The console could not start: ${err.message}`);
  process.exit(1);
}
