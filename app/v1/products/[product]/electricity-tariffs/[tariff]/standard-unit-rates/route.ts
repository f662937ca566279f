import { tariffRatesRoute } from "@/server/rest/products/rates-route";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";
export const GET = tariffRatesRoute("electricity", "standard_unit_rate");
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
