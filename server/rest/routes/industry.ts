import { contractRoute } from "../handler";
import { buildRestOpenApi } from "../contracts";
import { openApiRoute } from "../contracts/data-import";
import { gridSupplyPointsRoute } from "../contracts/industry";
import { listGridSupplyPoints } from "@/server/services/industry/list-grid-supply-points";

export const gridSupplyPointsHandler = contractRoute(gridSupplyPointsRoute, {
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: listGridSupplyPoints(ctx, query),
    headers: { "cache-control": "public, max-age=3600" },
  }),
});

let openApi: ReturnType<typeof buildRestOpenApi> | undefined;

/** GET /v1/openapi.json: every REST route (/v1/ and /v2/), generated from the route table. */
export const openApiHandler = contractRoute(openApiRoute, {
  handle: async () => {
    openApi ??= buildRestOpenApi();
    return { status: 200, body: openApi, headers: { "cache-control": "public, max-age=300" } };
  },
});
