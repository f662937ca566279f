import { contractRoute } from "@/server/rest/handler";
import { electricityMeterPointRoute } from "@/server/rest/contracts/consumption";
import { otherMethods } from "@/server/rest/methods";
import { getElectricityMeterPoint } from "@/server/services/consumption/get-electricity-meter-point";

export const dynamic = "force-dynamic";

export const GET = contractRoute(electricityMeterPointRoute, {
  customers: true,
  handle: async ({ ctx, params }) => {
    const point = await getElectricityMeterPoint(ctx, { mpan: params.mpan });
    return { status: 200, body: point, headers: { "cache-control": "private, no-store" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
