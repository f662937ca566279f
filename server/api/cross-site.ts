/**
 * A browser says where a request came from (Sec-Fetch-Site). The console's mutations are
 * POSTs carrying the session cookie; one started by another site (a form or a script there)
 * gets a 403 before any procedure runs. Programs that send no such header are unaffected.
 */
export function crossSiteRefusal(req: Request): Response | null {
  const site = req.headers.get("sec-fetch-site");
  if (req.method !== "POST" || site === null || site === "same-origin" || site === "none") return null;
  return Response.json(
    { error: { message: "Requests from other sites are refused.", code: "cross_site_request" } },
    { status: 403 },
  );
}
