import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "./cross-site";

const req = (method: string, site: string | null) =>
  new Request("http://localhost/api/trpc/supplier.create", {
    method,
    headers: site ? { "sec-fetch-site": site } : {},
    body: method === "POST" ? "{}" : undefined,
  });

describe("console API (tRPC) requests started by another site", () => {
  it("are refused with 403 when a browser says the POST came from another site", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = crossSiteRefusal(req("POST", site))!;
      expect(res.status, site).toBe(403);
      expect(await res.json()).toEqual({
        error: { message: "Requests from other sites are refused.", code: "cross_site_request" },
      });
    }
  });

  it("pass from the console itself, a typed address, a program without the header, and for reads", () => {
    for (const site of ["same-origin", "none", null])
      expect(crossSiteRefusal(req("POST", site)), String(site)).toBeNull();
    expect(crossSiteRefusal(req("GET", "cross-site"))).toBeNull();
  });
});
