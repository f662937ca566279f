import type { Fuel } from "@/db/schema";
import { contractRoute } from "../handler";
import { consumptionRouteByFuel, electricityMeterPointRoute } from "../contracts/consumption";
import { pageLinks } from "../products/cacheable";
import { getElectricityMeterPoint } from "@/server/services/consumption/get-electricity-meter-point";
import { listConsumption } from "@/server/services/consumption/list-consumption";

export const electricityMeterPointHandler = contractRoute(electricityMeterPointRoute, {
  customers: true,
  handle: async ({ ctx, params }) => {
    const point = await getElectricityMeterPoint(ctx, { mpan: params.mpan });
    return { status: 200, body: point, headers: { "cache-control": "private, no-store" } };
  },
});

/** GET /v1/<fuel>-meter-points/<mpxn>/meters/<serial>/consumption/: the key holder's meters only, never cached by shared caches. */
export function consumptionRoute(fuel: Fuel, mpxnParam: "mpan" | "mprn") {
  return contractRoute(consumptionRouteByFuel[fuel], {
    customers: true,
    handle: async ({ ctx, req, params, query }) => {
      const page = await listConsumption(ctx, { fuel, mpxn: params[mpxnParam], serial: params.serial, query });
      const { next, previous } = pageLinks(req, page);
      const body = `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.resultsJson}}`;
      return new Response(body, {
        status: 200,
        headers: { "content-type": "application/json", "cache-control": "private, no-store" },
      });
    },
  });
}

export const electricityConsumptionHandler = consumptionRoute("electricity", "mpan");
export const gasConsumptionHandler = consumptionRoute("gas", "mprn");
