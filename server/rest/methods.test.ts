import { describe, expect, it } from "vitest";
const catchAll = restRouteModule();
const accountRoute = restRouteModule();
const graphqlRoute = restRouteModule();
const notesRoute = restRouteModule();
const productsRoute = restRouteModule();
import { useTestDb } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { call } from "@/test/http";
import { allowList } from "./methods";
import { restRouteModule } from "@/server/rest/routes/router";

const t = useTestDb();

const expectCors = (headers: Headers) => {
  expect(headers.get("access-control-allow-origin")).toBe("*");
  expect(headers.get("access-control-expose-headers")).toBe("ETag, X-Request-Id, Retry-After");
  expect(headers.get("access-control-allow-credentials")).toBeNull();
};

describe("unknown paths under /v1/", () => {
  it("answer every method with a JSON 404 in the standard shape", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const res = await call(catchAll[method], "/v1/data-import/notes/creat/", {
        method,
        params: { rest: "data-import/notes/creat" },
      });
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.json).toEqual({
        detail: "No endpoint at /v1/data-import/notes/creat/.",
        code: "not_found",
        errors: [],
      });
      expectCors(res.headers);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
    const root = await call(catchAll.GET, "/v1/", { params: {} });
    expect(root.status).toBe(404);
    expect(root.json).toEqual({ detail: "No endpoint at /v1/.", code: "not_found", errors: [] });
  });
});

describe("a method the route does not implement", () => {
  it("gets 405 JSON with Allow listing the route's methods (POST-only route)", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
      const res = await call(notesRoute[method], "/v1/data-import/notes/create/", { method });
      expect(res.status, method).toBe(405);
      expect(res.json).toEqual({ detail: `Method "${method}" not allowed.`, code: "method_not_allowed", errors: [] });
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expectCors(res.headers);
    }
  });

  it("gets 405 with GET, HEAD and OPTIONS allowed on a read route", async () => {
    const res = await call(productsRoute.POST, "/v1/products/", { method: "POST", body: {} });
    expect(res.status).toBe(405);
    expect(res.json.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("allowList puts HEAD after GET and OPTIONS last", () => {
    expect(allowList(["GET", "POST"])).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(allowList(["POST"])).toEqual(["POST", "OPTIONS"]);
  });
});

describe("CORS", () => {
  it("answers a preflight with 204, the route's methods and the allowed request headers", async () => {
    const res = await call(notesRoute.OPTIONS, "/v1/data-import/notes/create/", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.json).toBeNull();
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "Authorization, Content-Type, If-None-Match, X-Request-Id",
    );
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("sends Allow-Origin * on REST responses: success, cacheable and error alike", async () => {
    const list = await call(productsRoute.GET, "/v1/products/", { headers: { origin: "https://app.example" } });
    expect(list.status).toBe(200);
    expectCors(list.headers);
    const notModified = await call(productsRoute.GET, "/v1/products/", {
      headers: { "if-none-match": list.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
    expectCors(notModified.headers);
    const unauthorised = await call(notesRoute.POST, "/v1/data-import/notes/create/", { body: {} });
    expect(unauthorised.status).toBe(401);
    expectCors(unauthorised.headers);
    const org = await makeOrg(t.db);
    const invalid = await call(notesRoute.POST, "/v1/data-import/notes/create/", {
      body: {},
      auth: `Token ${org.apiKey}`,
    });
    expect(invalid.status).toBe(400);
    expectCors(invalid.headers);
    expect(invalid.headers.get("cache-control")).toBe("no-store, no-transform");
    const account = await call(accountRoute.GET, "/v1/accounts/A-00000000/", {
      auth: `Token ${org.apiKey}`,
      params: { account: "A-00000000" },
    });
    expect(account.status).toBe(404);
    expectCors(account.headers);
  });

  it("GraphQL: Allow-Origin * and never Allow-Credentials, whatever the Origin", async () => {
    const res = await call(graphqlRoute.POST, "/v1/graphql/", {
      body: { query: "{ __typename }" },
      headers: { origin: "https://evil.example", cookie: "authjs.session-token=x" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { __typename: "Query" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await call(graphqlRoute.OPTIONS, "/v1/graphql/", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const put = await call(graphqlRoute.PUT, "/v1/graphql/", { method: "PUT", body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });
});
