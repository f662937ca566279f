import { consumptionRoute } from "@/app/v1/electricity-meter-points/_lib/consumption-route";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";
export const GET = consumptionRoute("electricity", "mpan");
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
