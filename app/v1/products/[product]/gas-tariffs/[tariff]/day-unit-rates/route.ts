import { tariffRatesRoute } from "@/server/rest/products/rates-route";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";
// Documented as rate_type_not_applicable (a gas tariff is single register), tariff_not_found for an unknown one.
export const GET = tariffRatesRoute("gas", "day_unit_rate");
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
