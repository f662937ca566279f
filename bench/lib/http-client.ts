import http from "node:http";

/**
 * A minimal HTTP/1.1 client for benchmarks: Node's own `http` module over a keep-alive agent
 * with one socket per concurrent client, the way a migration script's HTTP library (requests,
 * curl, axios) talks to the API. Benchmarks run the client on the same cores as the server and
 * PostgreSQL, so its CPU is taken from theirs: Node's `fetch` (undici's web-streams client)
 * used ~4 ms of CPU per 500-transaction request here against ~1 ms for this, and the server
 * ~1.5 ms more per request while fetch read its replies.
 */
export function keepAliveClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  const send = (
    method: "GET" | "POST",
    path: string,
    body: string | null,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const framing: Record<string, string | number> =
        body === null ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
      const req = http.request(
        { host: url.hostname, port: url.port, path, method, agent, headers: { ...framing, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      if (body === null) req.end();
      else req.end(body);
    });
  const post = (path: string, body: string, headers: Record<string, string> = {}) => send("POST", path, body, headers);
  const get = (path: string, headers: Record<string, string> = {}) => send("GET", path, null, headers);
  return { post, get, close: () => agent.destroy() };
}
