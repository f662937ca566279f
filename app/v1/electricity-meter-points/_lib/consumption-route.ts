import type { Fuel } from "@/db/schema";
import { pageLinks } from "@/server/rest/products/cacheable";
import { consumptionRouteByFuel } from "@/server/rest/contracts/consumption";
import { contractRoute } from "@/server/rest/handler";
import { listConsumption } from "@/server/services/consumption/list-consumption";

/** GET /v1/<fuel>-meter-points/<mpxn>/meters/<serial>/consumption/: the key holder's meters only, never cached by shared caches. */
export function consumptionRoute(fuel: Fuel, mpxnParam: "mpan" | "mprn") {
  return contractRoute(consumptionRouteByFuel[fuel], {
    customers: true,
    handle: async ({ ctx, req, params, query }) => {
      const page = await listConsumption(ctx, { fuel, mpxn: params[mpxnParam], serial: params.serial, query });
      const { next, previous } = pageLinks(req, page);
      const body = `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.resultsJson}}`;
      return new Response(body, { status: 200, headers: { "content-type": "application/json", "cache-control": "private, no-store" } });
    },
  });
}
