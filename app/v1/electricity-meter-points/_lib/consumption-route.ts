import type { Fuel } from "@/db/schema";
import { pageLinks } from "@/server/rest/products/cacheable";
import { restRoute } from "@/server/rest/handler";
import { ConsumptionQuery } from "@/server/services/consumption/consumption-schemas";
import { listConsumption } from "@/server/services/consumption/list-consumption";

/** GET /v1/<fuel>-meter-points/<mpxn>/meters/<serial>/consumption/: the key holder's meters only, never cached by shared caches. */
export function consumptionRoute(fuel: Fuel, mpxnParam: "mpan" | "mprn") {
  return restRoute({
    auth: "token_or_basic",
    customers: true,
    query: ConsumptionQuery,
    handle: async ({ ctx, req, params, query }) => {
      const page = await listConsumption(ctx, { fuel, mpxn: params[mpxnParam], serial: params.serial, query });
      const { next, previous } = pageLinks(req, page);
      const body = `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.resultsJson}}`;
      return new Response(body, { status: 200, headers: { "content-type": "application/json", "cache-control": "private, no-store" } });
    },
  });
}
