// `npm start`'s per-request metrics (ADR 0043): each answered request counted and timed under
// its route template and status class, when the process serves metrics (METRICS_PORT).
import { observeRequest } from "../server/lib/metrics.mjs";

/**
 * A hook to call first for every request: records it once its answer has ended or its
 * client went away (status class `aborted`).
 * @param {(url: string) => string} templateOf the route template of a request URL
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function requestMeter(templateOf) {
  return (req, res) => {
    const start = performance.now();
    res.once("close", () => {
      observeRequest(
        req.method ?? "",
        templateOf(req.url ?? "/"),
        res.writableFinished ? res.statusCode : null,
        (performance.now() - start) / 1000,
      );
    });
  };
}
