import { gridSupplyPointsRoute } from "@/server/rest/contracts/industry";
import { contractRoute } from "@/server/rest/handler";
import { otherMethods } from "@/server/rest/methods";
import { listGridSupplyPoints } from "@/server/services/industry/list-grid-supply-points";

export const dynamic = "force-dynamic";

export const GET = contractRoute(gridSupplyPointsRoute, {
  handle: async ({ ctx, query }) => ({ status: 200, body: listGridSupplyPoints(ctx, query), headers: { "cache-control": "public, max-age=3600" } }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
