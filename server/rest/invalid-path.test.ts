import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { malformedSegment } from "./invalid-path";

const at = (path: string, init?: RequestInit) => new Request(`http://localhost:3000${path}`, init);

describe("a malformed percent-encoding in a /v1/ path", () => {
  it("gets 400 invalid_path as JSON, with CORS and a request id", async () => {
    for (const path of ["/v1/products/%ZZ/", "/v1/data-import/send-registration-flows/DEMO-ONGOING/%ZZ/", "/v1/products/100%/", "/v1/products/%E0%A4%A/"]) {
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
    expect(proxy(at("/v1/products/A%20B/"))).toBeUndefined();
    expect(proxy(at("/v1/data-import/account-transfer-status/100%25/E%41/"))).toBeUndefined();
    expect(malformedSegment("/v1/products/%C3%A9/")).toBeNull();
    expect(malformedSegment("/v1/products/%ZZ/x/")).toBe("%ZZ");
  });

  it("runs the proxy only for /v1/ paths holding a %, never for the console or ordinary API calls", () => {
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, nextConfig: {}, url });
    expect(matches("/v1/products/%ZZ/")).toBe(true);
    expect(matches("/v1/data-import/send-registration-flows/DEMO-ONGOING/%ZZ/")).toBe(true);
    expect(matches("/v1/products/")).toBe(false);
    expect(matches("/v1/data-import/account-import-process/process/")).toBe(false);
    expect(matches("/accounts/%ZZ")).toBe(false);
    expect(matches("/api/auth/%ZZ")).toBe(false);
    expect(matches("/signin")).toBe(false);
  });
});
