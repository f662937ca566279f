import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { afterEach, describe, expect, it } from "vitest";
import nextConfig, { API_CSP } from "../next.config.mjs";
import { proxy } from "../proxy";
import { setEnv } from "@/server/env.mjs";

const at = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { headers });

async function configHeaders(path: string) {
  const rules = (await nextConfig.headers?.()) ?? [];
  const found: Record<string, string> = {};
  for (const rule of rules)
    if (getPathMatch(rule.source)(path)) for (const h of rule.headers) found[h.key.toLowerCase()] = h.value;
  return found;
}

afterEach(() => {
  setEnv({ TRUST_PROXY_HOPS: undefined });
});

describe("security headers (next.config.mjs)", () => {
  it("every path, console and API, refuses framing and sniffing and trims the Referer", async () => {
    for (const path of ["/suppliers", "/v1/products/", "/accounts/A-1/documents/note/1"]) {
      const headers = await configHeaders(path);
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    expect(nextConfig.poweredByHeader).toBe(false);
  });

  it("gives the API and static files a policy that runs nothing, and leaves pages' and documents' own policies alone", async () => {
    for (const path of [
      "/v1/products/",
      "/v1",
      "/v2/data-import/accounts/",
      "/api/trpc/session.me",
      "/healthz/ready",
      "/_next/static/chunks/a.js",
    ]) {
      expect((await configHeaders(path))["content-security-policy"], path).toBe(API_CSP);
    }
    expect(API_CSP).toContain("default-src 'none'");
    // A header set here replaces the one a route or the proxy sets: none for these paths.
    for (const path of ["/", "/suppliers", "/signin", "/accounts/A-1/documents/note/1", "/v1x"]) {
      expect((await configHeaders(path))["content-security-policy"], path).toBeUndefined();
    }
  });
});

describe("console pages' headers (proxy.ts)", () => {
  const csp = (res: Response) => res.headers.get("content-security-policy") ?? "";

  it("sends a CSP with default-src, and script-src by a fresh nonce that Next.js reads back from the request", () => {
    const first = proxy(at("/suppliers"));
    const second = proxy(at("/suppliers"));
    expect(csp(first)).toContain("default-src 'self'");
    expect(csp(first)).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'(;|$)/);
    expect(csp(first)).not.toContain("unsafe-eval");
    expect(csp(first)).toContain("object-src 'none'");
    expect(csp(first)).toContain("frame-ancestors 'none'");
    const nonce = (res: Response) => csp(res).match(/'nonce-([^']+)'/)![1];
    expect(nonce(first)).not.toBe(nonce(second));
    // The request Next.js renders carries the same policy, so its scripts get this nonce.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp(first));
  });

  it("leaves the document route's own policy to it", () => {
    const res = proxy(at("/accounts/A-1234ABCD/documents/note/1"));
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("adds HSTS only when a trusted proxy says the browser came over HTTPS", () => {
    const hsts = (res: Response) => res.headers.get("strict-transport-security");
    // No proxy trusted: X-Forwarded-Proto is the client's own word.
    expect(hsts(proxy(at("/suppliers", { "x-forwarded-proto": "https" })))).toBeNull();
    setEnv({ TRUST_PROXY_HOPS: "1" });
    expect(hsts(proxy(at("/suppliers", { "x-forwarded-proto": "https" })))).toBe("max-age=31536000");
    expect(hsts(proxy(at("/accounts/A-1/documents/note/1", { "x-forwarded-proto": "https" })))).toBe(
      "max-age=31536000",
    );
    expect(hsts(proxy(at("/suppliers", { "x-forwarded-proto": "http" })))).toBeNull();
    expect(hsts(proxy(at("/suppliers")))).toBeNull();
    // A client's own "https" ahead of what the trusted proxy appended does not count.
    expect(hsts(proxy(at("/suppliers", { "x-forwarded-proto": "https, http" })))).toBeNull();
    setEnv({ TRUST_PROXY_HOPS: "2" });
    expect(hsts(proxy(at("/suppliers", { "x-forwarded-proto": "https, http" })))).toBe("max-age=31536000");
  });
});
