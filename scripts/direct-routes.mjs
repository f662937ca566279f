// The data-import API's POST routes, dispatched by `npm start`'s server straight from the REST
// route table, past Next's per-request pipeline (ADR 0037, 0505). Those handlers take a
// web Request and answer a Response on their own (server/rest/handler.ts: auth, body cap, zod,
// errors); Next's router, its request and response adapters, streams and tracing cost ~1.3 ms
// of CPU a request here, a third of what staging and importing an account costs the server.
// What Next would add to these answers is added here the same way: next.config.mjs's headers,
// and gzip when asked for (>= 1 KiB, unless `no-transform`). Everything else goes to Next.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { API_CSP, SECURITY_HEADERS } from "../next.config.mjs";

/** Static paths only (no parameters), each with the trailing slash production's clients send. */
export const DIRECT_ROUTES = [
  "/v1/data-import/account-import-process/create-or-update/",
  "/v1/data-import/account-import-process/process/",
  "/v1/data-import/validate-account/",
  "/v1/data-import/transactions/create/",
  "/v1/data-import/notes/create/",
  "/v1/data-import/historical-statements/create/",
  "/v1/data-import/payment-instruction/create/",
];

/** What Next's compression (the `compression` package's default) leaves alone. */
export const GZIP_MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const FIXED_HEADERS = [
  ...SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]),
  ["content-security-policy", API_CSP],
];

/**
 * The POST handler of each route, from the REST route table (server/rest/routes/router.ts,
 * ADR 0505), loaded from the sources through tsx: no private Next.js API, and no build needed.
 * The module is a second copy beside the one Next bundles; what must be one per process (the
 * database, the key cache, metrics, tracing) is kept on globalThis for that reason.
 */
export async function tableHandler() {
  const { tsImport } = await import("tsx/esm/api");
  const { dispatchRest, restTemplates } = await tsImport("../server/rest/routes/router.ts", import.meta.url);
  const load = () => (request) => dispatchRest(request);
  load.dispatch = dispatchRest;
  load.templates = restTemplates();
  return load;
}

/**
 * A request listener for DIRECT_ROUTES: answers a POST to one of them and returns a promise,
 * or returns undefined (the caller hands the request to Next). `load(route)` gives a route's
 * handler; `maxBodyBytes` bounds what is buffered before the handler sees the body.
 */
export function directRoutes(load, { maxBodyBytes }) {
  const handlers = new Map();
  for (const route of DIRECT_ROUTES) {
    const post = load(route);
    handlers.set(route, post);
    handlers.set(route.slice(0, -1), post);
  }
  return (req, res) => {
    if (req.method !== "POST") return undefined;
    const query = req.url.indexOf("?");
    const post = handlers.get(query < 0 ? req.url : req.url.slice(0, query));
    if (!post) return undefined;
    const url = requestUrl(req);
    if (!url) return undefined;
    return serve(post, url, req, res, maxBodyBytes);
  };
}

/** Next builds the request's URL from its Host header; one no URL can hold is left to Next. */
function requestUrl(req) {
  try {
    return new URL(req.url, `http://${req.headers.host ?? "localhost"}`).href;
  } catch {
    return undefined;
  }
}

/**
 * Every request under /v1/ and /v2/, answered from the route table (`dispatch`, the router's
 * dispatchRest), as the direct routes are: what `npm start` serves while the console is still
 * being built (ADR 0506). Returns undefined for any other path.
 */
export function apiLane(dispatch, { maxBodyBytes }) {
  return (req, res) => {
    const query = req.url.indexOf("?");
    const pathname = query < 0 ? req.url : req.url.slice(0, query);
    if (!/^\/v[12](\/|$)/.test(pathname)) return undefined;
    const url = requestUrl(req);
    if (!url) return undefined;
    return serve(dispatch, url, req, res, maxBodyBytes);
  };
}

/** A response this long or longer is streamed as it is made (an import-process list of a whole supplier), not buffered. */
const STREAM_AFTER_BYTES = 1 << 20;

async function serve(handler, url, req, res, maxBodyBytes) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const bodyless = method === "GET" || method === "HEAD";
  const { body, cut } = bodyless ? { body: undefined, cut: false } : await readCapped(req, maxBodyBytes);
  if (bodyless) req.resume();
  const request = new Request(url, { method, headers, body, duplex: "half" });
  const response = await handler(request, { params: Promise.resolve({}) });
  const out = {};
  for (const [name, value] of FIXED_HEADERS) out[name] = value;
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  // The POST answers stay whole (a Content-Length, as before); a long read is streamed.
  const { chunks, size, rest } = await readUpTo(response.body, bodyless ? STREAM_AFTER_BYTES : Infinity);
  const gzipped =
    size >= GZIP_MIN_BYTES &&
    acceptsGzip(req.headers["accept-encoding"]) &&
    !/\bno-transform\b/i.test(out["cache-control"] ?? "") &&
    !out["content-encoding"];
  if (gzipped) out["content-encoding"] = "gzip";
  out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
  // A body cut short at the cap was not read to its end: the connection cannot carry another request.
  if (cut) out.connection = "close";
  if (rest) {
    delete out["content-length"];
    res.writeHead(response.status, out);
    if (method === "HEAD") return void (await rest.cancel(), res.end());
    const sink = gzipped ? zlib.createGzip() : undefined;
    sink?.pipe(res);
    const to = sink ?? res;
    for (const c of chunks) to.write(c);
    for (;;) {
      const { done, value } = await rest.read();
      if (done) break;
      if (!to.write(value)) await new Promise((r) => to.once("drain", r));
    }
    return void to.end();
  }
  let payload = Buffer.concat(chunks, size);
  if (gzipped) payload = await gzip(payload);
  out["content-length"] = String(payload.length);
  res.writeHead(response.status, out);
  res.end(method === "HEAD" ? undefined : payload);
}

/** The body's first `max` bytes (all of it when shorter), and the reader of the rest when there is more. */
async function readUpTo(stream, max) {
  const chunks = [];
  let size = 0;
  if (!stream) return { chunks, size, rest: undefined };
  const reader = stream.getReader();
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) return { chunks, size, rest: undefined };
    chunks.push(Buffer.from(value));
    size += value.length;
  }
  return { chunks, size, rest: reader };
}

function acceptsGzip(header) {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The body: its bytes, at most `max` + 1 of them (one more than the cap is enough for the
 * handler's own check, server/rest/body.ts, to answer 413, and no more is kept in memory), or,
 * when the connection broke before its end, a stream that fails as Next's would (the handler
 * answers 400 `incomplete_body`). `cut`: the rest was left unread. A declared length over the
 * cap is answered 413 by the handler from the header alone.
 */
function readCapped(req, max) {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return Promise.resolve({ body: Buffer.alloc(0), cut: true });
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const done = (result) => {
      req.off("data", onData).off("end", onEnd).off("error", onBroken).off("close", onBroken);
      resolve(result);
    };
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= max) return;
      req.pause();
      done({ body: Buffer.concat(chunks).subarray(0, max + 1), cut: true });
    };
    const onEnd = () => done({ body: Buffer.concat(chunks, size), cut: false });
    const onBroken = () => {
      const received = Buffer.concat(chunks, size);
      const body = new ReadableStream({
        start(controller) {
          if (received.length) controller.enqueue(new Uint8Array(received));
          controller.error(new Error("The connection closed before the request body ended."));
        },
      });
      done({ body, cut: true });
    };
    req.on("data", onData).on("end", onEnd).on("error", onBroken).on("close", onBroken);
  });
}
