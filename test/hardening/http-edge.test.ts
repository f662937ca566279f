import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { answerClientError, edgeServerOptions, edgeTimeouts, withServedMethods } from "@/scripts/http-edge.mjs";

/**
 * Issue 18.12: what `npm start`'s server (scripts/server.mjs) answers before Next sees a request,
 * driven over a real socket with the same pieces around a stand-in for Next's handler.
 */
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer(
    edgeServerOptions({ REQUEST_TIMEOUT: "1", HEADERS_TIMEOUT: "1" }),
    withServedMethods((req: http.IncomingMessage, res: http.ServerResponse) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    }),
  );
  server.on("clientError", answerClientError);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sends raw bytes (then `more` later, if given) and returns everything the server wrote before closing. */
function raw(
  text: string,
  opts: { keepOpen?: boolean } = {},
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    socket.on("data", (d) => (got += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = got.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
    socket.write(text);
    if (!opts.keepOpen) socket.on("data", () => socket.end());
  });
}

describe("issue 18.12: the HTTP edge answers in the error shape", () => {
  it("TRACE is a JSON 405 with Allow", async () => {
    const r = await raw("TRACE /v1/products/ HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
    expect(r.status).toBe(405);
    expect(r.headers).toContain("allow: get, head, post, put, patch, delete, options");
    expect(JSON.parse(r.body)).toEqual({ detail: expect.any(String), code: "method_not_allowed", errors: [] });
  });

  it("an unknown method is a JSON 501", async () => {
    const r = await raw("FOO /v1/products/ HTTP/1.1\r\nhost: x\r\n\r\n");
    expect(r.status).toBe(501);
    expect(r.headers).toContain("content-type: application/json");
    expect(JSON.parse(r.body)).toMatchObject({ code: "method_not_implemented", errors: [] });
  });

  it("over-long headers are a JSON 431", async () => {
    const r = await raw(`GET /v1/products/ HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body)).toMatchObject({ code: "request_header_fields_too_large", errors: [] });
  });

  it("malformed HTTP is a JSON 400", async () => {
    const r = await raw("GET /\u0001 HTTP/1.1\r\nhost: x\r\n\r\n");
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ code: "bad_request" });
  });

  it("a body that stops arriving gets a JSON 408 and the connection closes at the request timeout", async () => {
    const r = await raw(
      'POST /v1/graphql/ HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":',
      { keepOpen: true },
    );
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toMatchObject({ code: "request_timeout" });
  });

  it("timeouts are seconds from REQUEST_TIMEOUT / HEADERS_TIMEOUT, 60 / 10 by default, headers never longer than the request", () => {
    expect(edgeTimeouts({})).toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 10_000 });
    expect(edgeTimeouts({ REQUEST_TIMEOUT: "5", HEADERS_TIMEOUT: "30" })).toEqual({
      requestTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
    });
  });

  it("GraphQL with a text/plain body is a 415 in GraphQL's error shape", async () => {
    const res = await graphql(
      new Request("http://localhost/v1/graphql/", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "{ __typename }",
      }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      errors: [
        {
          message: expect.any(String),
          extensions: {
            code: "UNSUPPORTED_MEDIA_TYPE",
            errorType: "VALIDATION",
            errorCode: "UNSUPPORTED_MEDIA_TYPE",
            errorDescription: expect.any(String),
          },
        },
      ],
    });
  });
});
