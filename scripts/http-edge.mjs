// What `npm start`'s server answers itself, before Next sees a request: methods Next cannot
// serve, requests Node's HTTP parser refuses (unknown methods, over-long headers, malformed
// requests) and requests that arrive too slowly. Each answer is the API's JSON error shape
// ({detail, code, errors}) with a request id, not an empty body or text/plain (ADR 0015).

import { configFrom, env as processEnv } from "../server/env.mjs";

/** Methods the app's routes serve (everything else is 405 here: Next answers TRACE with a 500). */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Seconds a whole request (headers and body) and its headers may take to arrive. */
export function edgeTimeouts(source) {
  const config = source ? configFrom(source) : processEnv;
  const request = config.REQUEST_TIMEOUT;
  const headers = Math.min(config.HEADERS_TIMEOUT, request);
  return { requestTimeoutMs: request * 1000, headersTimeoutMs: headers * 1000 };
}

/** http.createServer options: Node checks the timeouts every 30 s by default, which let a slow body live ~330 s. */
export function edgeServerOptions(source) {
  const { requestTimeoutMs, headersTimeoutMs } = edgeTimeouts(source);
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
  };
}

function body(detail, code) {
  return JSON.stringify({ detail, code, errors: [] });
}

/** Wraps the request listener: a method no route serves is a JSON 405 with Allow. */
export function withServedMethods(listener) {
  return (req, res) => {
    if (SERVED_METHODS.includes(req.method)) return listener(req, res);
    const text = body(`The method ${req.method} is not allowed here.`, "method_not_allowed");
    res.writeHead(405, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      allow: SERVED_METHODS.join(", "),
      "access-control-allow-origin": "*",
      "x-request-id": crypto.randomUUID(),
    });
    req.resume();
    res.end(req.method === "HEAD" ? undefined : text);
  };
}

const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, "request_header_fields_too_large", "The request's headers are too large."],
  HPE_INVALID_METHOD: [501, "method_not_implemented", "The request method is not one this server knows."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout", "The request did not arrive in time; send it again."],
  HPE_HEADERS_TIMEOUT: [408, "request_timeout", "The request's headers did not arrive in time; send it again."],
};

const REASONS = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  501: "Not Implemented",
};

/** server.on("clientError", …): Node's own answers to these are empty; these carry the error shape. */
export function answerClientError(err, socket) {
  if (err.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const [status, code, detail] = CLIENT_ERRORS[err.code] ?? [400, "bad_request", "The request is not valid HTTP."];
  const text = body(detail, code);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n` +
      `x-request-id: ${crypto.randomUUID()}\r\nconnection: close\r\n\r\n${text}`,
  );
}
