// `npm start`'s span per request (ADR 0044): a SERVER span named by the route template,
// continuing the caller's W3C `traceparent`, active while the request is handled (so the
// handler's SQL spans and the events it writes belong to it). Used only when tracing is on.
import { context, propagation, SpanKind, SpanStatusCode, trace, tracer } from "../server/lib/tracing.mjs";

/**
 * @param {(url: string) => string} templateOf the route template of a request URL
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, handle: () => Promise<void>) => Promise<void>}
 */
export function requestTracer(templateOf) {
  return (req, res, handle) => {
    const parent = propagation.extract(context.active(), req.headers);
    const route = templateOf(req.url ?? "/");
    const method = req.method ?? "GET";
    const span = tracer().startSpan(
      `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": method,
          "http.route": route,
          "url.path": (req.url ?? "/").split("?")[0],
          "url.scheme": "http",
        },
      },
      parent,
    );
    res.once("close", () => {
      span.setAttribute("http.response.status_code", res.statusCode);
      if (!res.writableFinished)
        span.setStatus({ code: SpanStatusCode.ERROR, message: "client went away before the answer ended" });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    return context.with(trace.setSpan(parent, span), handle);
  };
}
