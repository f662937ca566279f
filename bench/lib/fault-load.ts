import http from "node:http";

// The HTTP side of bench/faults.ts: a client that keeps the status, the `code` and
// Retry-After of every answer and gives up on none before FAULTS_REQUEST_TIMEOUT_MS, so a
// request stuck on a dead connection shows up as the long wait it is.

export type Answer = {
  status: number;
  code?: string;
  retryAfter?: string;
  json?: unknown;
  ms: number;
  instance?: string;
};
export type Sent = Answer & { kind: string; at: number; ids: string[]; account: string };

export function timedClient(base: string, sockets: number, timeoutMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  const request = (
    method: "GET" | "POST",
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const done = (a: Omit<Answer, "ms">) => resolve({ ...a, ms: performance.now() - t0 });
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method,
          agent,
          timeout: timeoutMs,
          headers:
            body === undefined
              ? headers
              : { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
            } catch {
              json = undefined;
            }
            const code =
              json && typeof json === "object" && "code" in json ? String((json as { code: unknown }).code) : undefined;
            done({
              status: res.statusCode ?? 0,
              code,
              retryAfter: res.headers["retry-after"] as string | undefined,
              json,
              instance: res.headers["x-fault-instance"] as string | undefined,
            });
          });
          res.on("error", () => done({ status: 0, code: "response_error" }));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (err) =>
        done({ status: 0, code: err.message === "timeout" ? "client_timeout" : "connection_error" }),
      );
      req.end(body);
    });
  return {
    post: (path: string, body: string, headers?: Record<string, string>) => request("POST", path, body, headers),
    get: (path: string) => request("GET", path),
    close: () => agent.destroy(),
  };
}

/** The q-quantile (0..1) of `xs`, nearest rank; NaN when empty. */
export function quantile(xs: number[], q: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** Requests sent in [from, to) seconds of the run. */
export const sentBetween = (xs: Sent[], from: number, to: number) => xs.filter((x) => x.at >= from && x.at < to);

/** Whether an answer is the documented 503: `service_unavailable` in the error shape, with Retry-After. */
export function isServiceUnavailable(a: Answer): boolean {
  const body = a.json as { detail?: unknown; errors?: unknown } | undefined;
  return (
    a.status === 503 &&
    a.code === "service_unavailable" &&
    !!a.retryAfter &&
    typeof body?.detail === "string" &&
    Array.isArray(body.errors)
  );
}

export const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : "n/a");
