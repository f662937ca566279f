export const dynamic = "force-dynamic";

/** Liveness only (no database): the baseline the public-API benchmark compares against. */
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
