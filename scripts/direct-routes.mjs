// The data-import API's POST routes, dispatched by `npm start`'s server straight to the route
// handlers Next compiled, past Next's per-request pipeline (ADR 0037). Those handlers take a
// web Request and answer a Response on their own (server/rest/handler.ts: auth, body cap, zod,
// errors); Next's router, its request and response adapters, streams and tracing cost ~1.3 ms
// of CPU a request here, a third of what staging and importing an account costs the server.
// What Next would add to these answers is added here the same way: next.config.mjs's headers,
// and gzip when asked for (>= 1 KiB, unless `no-transform`). Everything else goes to Next.
import path from "node:path";
import { createRequire } from "node:module";
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
const FIXED_HEADERS = [...SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]), ["content-security-policy", API_CSP]];

/** The POST handler Next built for `route` (its app/<route>/route.ts), from `.next` under `dir`. */
export function builtHandler(dir) {
  const require = createRequire(import.meta.url);
  return (route) => {
    const built = require(path.join(dir, ".next", "server", "app", route, "route.js"));
    const post = built?.routeModule?.userland?.POST;
    if (typeof post !== "function") throw new Error(`The build has no POST handler for ${route}; run \`npx next build\`.`);
    return post;
  };
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

async function serve(post, url, req, res, maxBodyBytes) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const { body, cut } = await readCapped(req, maxBodyBytes);
  const request = new Request(url, { method: "POST", headers, body, duplex: "half" });
  const response = await post(request, { params: Promise.resolve({}) });
  let payload = Buffer.from(await response.arrayBuffer());
  const out = {};
  for (const [name, value] of FIXED_HEADERS) out[name] = value;
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  if (payload.length >= GZIP_MIN_BYTES && acceptsGzip(req.headers["accept-encoding"]) && !/\bno-transform\b/i.test(out["cache-control"] ?? "") && !out["content-encoding"]) {
    payload = await gzip(payload);
    out["content-encoding"] = "gzip";
  }
  out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
  out["content-length"] = String(payload.length);
  // A body cut short at the cap was not read to its end: the connection cannot carry another request.
  if (cut) out.connection = "close";
  res.writeHead(response.status, out);
  res.end(payload);
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
