import { tariffRatesRoute } from "@/server/rest/products/rates-route";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";
export const GET = tariffRatesRoute("electricity", "standing_charge");
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
