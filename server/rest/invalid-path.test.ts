import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { malformedSegment } from "./invalid-path";

const at = (path: string, init?: RequestInit) => new Request(`http://localhost:3000${path}`, init);
/** The proxy let the request through to its route (NextResponse.next()). */
const passedOn = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe("a malformed percent-encoding in a /v1/ path", () => {
  it("gets 400 invalid_path as JSON, with CORS and a request id", async () => {
    for (const path of [
      "/v1/products/%ZZ/",
      "/v1/data-import/send-registration-flows/DEMO-ONGOING/%ZZ/",
      "/v1/products/100%/",
      "/v1/products/%E0%A4%A/",
    ]) {
      const res = proxy(at(path, { method: "POST" }))!;
      expect(res, path).toBeInstanceOf(Response);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("x-request-id")).toBeTruthy();
      const body = await res.json();
      expect(body).toMatchObject({ code: "invalid_path", errors: [] });
      expect(body.detail).toContain("not valid percent-encoding");
    }
  });

  it("lets valid encodings through to their route", () => {
    expect(passedOn(proxy(at("/v1/products/A%20B/")))).toBe(true);
    expect(passedOn(proxy(at("/v1/data-import/account-transfer-status/100%25/E%41/")))).toBe(true);
    expect(malformedSegment("/v1/products/%C3%A9/")).toBeNull();
    expect(malformedSegment("/v1/products/%ZZ/x/")).toBe("%ZZ");
  });

  it("runs the proxy for API paths only when they hold a %, never for ordinary API requests", () => {
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, nextConfig: {}, url });
    for (const path of [
      "/v1/products/%ZZ/",
      "/v1/data-import/send-registration-flows/DEMO-ONGOING/%ZZ/",
      "/accounts/%ZZ",
      "/api/auth/%ZZ",
      "/api/trpc/%ZZ",
      "/%E0%A4%A",
    ]) {
      expect(matches(path), path).toBe(true);
    }
    for (const path of [
      "/v1/products/",
      "/v1/data-import/account-import-process/process/",
      "/v2/data-import/accounts/",
      "/api/trpc/events.list",
      "/api/auth/session",
      "/healthz/ready",
      "/_next/static/chunks/x.js",
    ]) {
      expect(matches(path), path).toBe(false);
    }
    // Console pages come through for their CSP nonce.
    for (const path of ["/", "/signin", "/accounts/A-1234ABCD", "/v1x"]) expect(matches(path), path).toBe(true);
  });
});

describe("a malformed percent-encoding outside /v1/", () => {
  it("is JSON 400 invalid_path under /api/ (tRPC, Auth.js) and /v2/: their callers are programs", async () => {
    for (const path of ["/api/trpc/%ZZ", "/api/auth/%ZZ", "/v2/data-import/accounts/%ZZ/X/"]) {
      const res = proxy(at(path))!;
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toMatchObject({
        code: "invalid_path",
        detail: "The path segment '%ZZ' is not valid percent-encoding.",
      });
    }
  });

  it("is a 400 page naming the bad segment for a console address, with the segment escaped", async () => {
    const res = proxy(at("/suppliers/%3Cb%ZZ"))!;
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain("This address is not valid");
    expect(html).toContain("&#39;%3Cb%ZZ&#39; is not valid percent-encoding.");
    expect(html).toContain('href="/"');
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    expect(passedOn(proxy(at("/suppliers/A%20B")))).toBe(true);
  });
});
