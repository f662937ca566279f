import { tariffRatesRoute } from "@/app/v1/products/_lib/rates-route";

export const dynamic = "force-dynamic";
export const GET = tariffRatesRoute("electricity", "standard_unit_rate");
