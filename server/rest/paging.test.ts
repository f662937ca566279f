import { describe, expect, it } from "vitest";
import { pageUrl, publicOrigin } from "./paging";

const req = (headers: Record<string, string>, url = "http://localhost:3000/v1/products/?page_size=1") =>
  new Request(url, { headers });

describe("publicOrigin: the scheme and host of absolute links", () => {
  it("honours a proxy's X-Forwarded-Proto and X-Forwarded-Host (first entry of a list)", () => {
    expect(
      publicOrigin(req({ host: "internal:3000", "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" })),
    ).toBe("https://api.example.com");
    expect(
      publicOrigin(
        req({
          host: "internal:3000",
          "x-forwarded-proto": "HTTPS, http",
          "x-forwarded-host": "api.example.com:8443, internal",
        }),
      ),
    ).toBe("https://api.example.com:8443");
    expect(publicOrigin(req({ host: "internal:3000", "x-forwarded-host": "[2001:db8::1]:8080" }))).toBe(
      "http://[2001:db8::1]:8080",
    );
  });

  it("ignores a forwarded scheme other than http/https", () => {
    for (const proto of ["javascript", "data", "ftp", "https:", "http://evil.com", ""]) {
      expect(publicOrigin(req({ host: "api.example.com", "x-forwarded-proto": proto })), proto).toBe(
        "http://api.example.com",
      );
    }
  });

  it("ignores a forwarded host that is not a plain host[:port], falling back to Host", () => {
    for (const host of [
      "evil.com/x?",
      "evil.com#",
      "user@evil.com",
      "evil .com",
      "evil.com:80/",
      "evil.com?a=b",
      "evil.com:port",
      "a\\b",
      "x".repeat(300),
    ]) {
      expect(publicOrigin(req({ host: "api.example.com", "x-forwarded-host": host })), host).toBe(
        "http://api.example.com",
      );
    }
  });

  it("falls back to the request URL when Host is unusable too", () => {
    expect(publicOrigin(req({ host: "evil.com/x?", "x-forwarded-host": "evil.com/x?" }))).toBe("http://localhost:3000");
  });

  it("builds next/previous links that stay on the sanitised origin", () => {
    const next = pageUrl(
      req({ host: "api.example.com", "x-forwarded-proto": "javascript", "x-forwarded-host": "evil.com/x?" }),
      { page: "2" },
    );
    expect(next).toBe("http://api.example.com/v1/products/?page_size=1&page=2");
  });
});
