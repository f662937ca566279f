import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECT_ROUTES, GZIP_MIN_BYTES, directRoutes } from "@/scripts/direct-routes.mjs";
import { API_CSP, SECURITY_HEADERS } from "@/next.config.mjs";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier, type OrgFixture } from "@/test/factories";
import { call } from "@/test/http";
import { MAX_BODY_BYTES } from "@/server/rest/body";
import { restRouteModules } from "@/server/rest/routes/router";

/**
 * ADR 0037: `npm start` serves the data-import API's POST routes past Next's pipeline. Driven
 * over a real socket: the same route handlers (the REST route table's, ADR 0505) behind directRoutes, with a
 * stand-in for Next that answers 299, so each request shows which way it went. A client must see
 * what the handler answers through Next (`call`, as test/http.ts does it), plus next.config.mjs's headers.
 */
type Handler = Parameters<typeof call>[0];
const t = useTestDb();
// The handlers' own cap (server/rest/body.ts): the lane buffers one byte more than it, no more.
const MAX_BODY = MAX_BODY_BYTES;
const handlers = new Map<string, Handler>();
let server: http.Server;
let port: number;
let org: OrgFixture;
let supplier: string;
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";
const NOTES = "/v1/data-import/notes/create/";

beforeAll(async () => {
  const table = restRouteModules();
  for (const route of DIRECT_ROUTES) {
    const methods = table[route.replace(/^\/|\/$/g, "")];
    if (methods) handlers.set(route, methods.POST as Handler);
  }
  const direct = directRoutes((route) => handlers.get(route)!, { maxBodyBytes: MAX_BODY });
  server = http.createServer((req, res) => {
    const served = direct(req, res);
    if (served) return void served.catch((err) => res.destroy(err));
    req.resume();
    req.on("end", () => res.writeHead(299, { "content-type": "text/plain" }).end("next"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  org = await makeOrg(t.db);
  supplier = (await makeSupplier(org)).code;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

type Sent = { method?: string; path: string; body?: string; headers?: Record<string, string> };
type Got = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string };

function send({ method = "POST", path: p, body, headers = {} }: Sent): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: p,
        method,
        headers: { "content-type": "application/json", ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const text =
            res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw).toString("utf8") : raw.toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const token = () => `Token ${org.apiKey}`;

/** The same request through `call` (the handler as Next calls it). */
async function viaHandler(route: string, body: string | undefined, auth: string | null) {
  return call(handlers.get(route)!, route, { rawBody: body, auth });
}

describe("the data-import POST routes, past Next's pipeline", () => {
  it("every route listed is a POST route of the route table", () => {
    expect([...handlers.keys()].sort()).toEqual([...DIRECT_ROUTES].sort());
  });

  it("answers what the handler answers through Next, with next.config.mjs's headers", async () => {
    // Requests that change nothing, so each can be sent both ways and answer the same.
    const cases: [string, string, string | null][] = [
      [STAGE, "{}", null],
      [STAGE, "{not json", token()],
      [STAGE, "[]", token()],
      [STAGE, JSON.stringify({ import_supplier: supplier }), token()],
      [STAGE, JSON.stringify(accountPayload("NO-SUCH-SUPPLIER")), token()],
      [PROCESS, JSON.stringify({ import_supplier_code: supplier, external_account_number: "NEVER-STAGED" }), token()],
      [NOTES, JSON.stringify({ notes: "none" }), token()],
    ];
    for (const [route, body, auth] of cases) {
      const got = await send({ path: route, body, headers: auth ? { authorization: auth } : {} });
      const same = await viaHandler(route, body, auth);
      expect(got.status, `${route} ${body.slice(0, 40)}`).toBe(same.status);
      expect(JSON.parse(got.text)).toEqual(same.json);
      expect(got.headers["www-authenticate"]).toBe(same.headers.get("www-authenticate") ?? undefined);
      expect(got.headers["content-type"]).toBe("application/json");
      expect(got.headers["x-request-id"]).toBeTruthy();
      for (const { key, value } of SECURITY_HEADERS) expect(got.headers[key.toLowerCase()]).toBe(value);
      expect(got.headers["content-security-policy"]).toBe(API_CSP);
      expect(Number(got.headers["content-length"])).toBe(got.raw.length);
    }
  });

  it("stages and imports an account end to end: 201, then 200 on resending, then the import's 201 and its account number", async () => {
    const external = `DIRECT-E2E-${Date.now()}`;
    const body = JSON.stringify(accountPayload(supplier, external));
    const auth = { authorization: token() };
    expect((await send({ path: STAGE, body, headers: auth })).status).toBe(201);
    expect((await send({ path: STAGE.slice(0, -1), body, headers: auth })).status).toBe(200);
    const imported = await send({
      path: `${PROCESS}?via=script`,
      body: JSON.stringify({ import_supplier_code: supplier, external_account_number: external }),
      headers: auth,
    });
    expect(imported.status).toBe(201);
    expect(JSON.parse(imported.text)).toMatchObject({
      external_account_number: external,
      kraken_account_number: expect.stringMatching(/^A-/),
    });
  });

  it("leaves other methods, paths and spellings to Next", async () => {
    for (const sent of [
      { method: "GET", path: STAGE },
      { method: "OPTIONS", path: STAGE },
      { path: "/v1/data-import/account-import-process/Process/", body: "{}" },
      { path: "/v1/data-import//notes/create/", body: "{}" },
      { path: "/v1/data-import/notes/create/%2e", body: "{}" },
      { path: "/v1/products/", body: "{}" },
    ]) {
      expect((await send(sent)).status, `${sent.method ?? "POST"} ${sent.path}`).toBe(299);
    }
  });

  it("gzips an answer of 1 KiB or more when asked to, and nothing smaller or marked no-transform", async () => {
    // Staging a payload with many invalid fields: a long list of field errors.
    const invalid = JSON.stringify({
      ...accountPayload(supplier),
      customers: Array.from({ length: 20 }, () => ({ email: "not an address" })),
    });
    const plain = await send({ path: STAGE, body: invalid, headers: { authorization: token() } });
    expect(plain.status).toBe(400);
    expect(plain.raw.length).toBeGreaterThanOrEqual(GZIP_MIN_BYTES);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const zipped = await send({
      path: STAGE,
      body: invalid,
      headers: { authorization: token(), "accept-encoding": "gzip, deflate" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(zipped.raw.length).toBeLessThan(plain.raw.length);
    expect(JSON.parse(zipped.text).errors).toEqual(JSON.parse(plain.text).errors);
    const refused = await send({
      path: STAGE,
      body: invalid,
      headers: { authorization: token(), "accept-encoding": "gzip;q=0" },
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const small = await send({ path: STAGE, body: "{}", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.status).toBe(401);
  });

  it("a body over the cap is a 413 in the error shape, declared or not, and its connection is closed", async () => {
    const big = JSON.stringify({ pad: "x".repeat(MAX_BODY) });
    const declared = await send({ path: NOTES, body: big, headers: { authorization: token() } });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toMatchObject({ code: "payload_too_large", errors: expect.any(Array) });
    expect(declared.headers.connection).toBe("close");
    // Chunked: no length declared, so the cap is met while reading. Over a keep-alive connection.
    const keepAlive = new http.Agent({ keepAlive: true });
    const chunked = await new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: NOTES,
          method: "POST",
          headers: { "content-type": "application/json", authorization: token(), "transfer-encoding": "chunked" },
          agent: keepAlive,
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
        },
      );
      req.on("error", reject);
      for (let i = 0; i < 8; i++) req.write(big.slice(i * (big.length / 8), (i + 1) * (big.length / 8)));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).code).toBe("payload_too_large");
    // The lane stopped reading at the cap (it holds no more than that in memory).
    expect(chunked.connection).toBe("close");
    keepAlive.destroy();
  });

  it("a client that goes away mid-body leaves the server serving", async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(
          `POST ${NOTES} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\nauthorization: ${token()}\r\n\r\n{"notes": [`,
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on("close", () => resolve());
    });
    const after = await send({ path: NOTES, body: "{}", headers: { authorization: token() } });
    expect(after.status).toBe(400);
  });
});
