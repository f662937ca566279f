import { ErrorBody } from "../../errors";
import {
  ConsumptionPage,
  ConsumptionQuery,
  ElectricityMeterParams,
  ElectricityMeterPoint,
  GasMeterParams,
  MAX_CONSUMPTION_PAGE_SIZE,
  MeterPointParams,
} from "../../services/consumption/consumption-schemas";
import { defineContract, type RouteContract } from "./contract";

const TAGS = ["Public"];
const AUTH =
  "Authenticate with HTTP basic auth, the organisation API key as user name and an empty password (what tariff clients send), or " +
  "`Authorization: Token <access token>` (also `JWT <token>`, the bare token or the key). Only the caller's organisation's meter points are visible; " +
  "another organisation's reads as missing. `Cache-Control: private, no-store`.";
const unauthorized = {
  description:
    "Missing (authentication_required) or invalid/expired credentials (authentication_failed, token_expired).",
  schema: ErrorBody,
};

const consumptionDoc = (fuel: "electricity" | "gas") =>
  defineContract({
    method: "get",
    path:
      fuel === "electricity"
        ? "/v1/electricity-meter-points/{mpan}/meters/{serial_number}/consumption/"
        : "/v1/gas-meter-points/{mprn}/meters/{serial_number}/consumption/",
    summary: `A ${fuel} meter's consumption`,
    description:
      "Half-hourly intervals, newest first (`order_by=period`: oldest first), `interval_start` in [period_from, period_to); datetimes without an " +
      "offset are Europe/London time. Timestamps are London wall time with the offset (`+01:00` in summer, `+00:00` in winter), so the repeated " +
      "autumn hour shows twice with different offsets. `group_by` sums the intervals per London hour, day, ISO week, month or quarter. " +
      `page_size up to ${MAX_CONSUMPTION_PAGE_SIZE.toLocaleString("en-GB")}; follow \`next\` until null. A meter without interval reads answers ` +
      "consumption derived from the register reads imported with its account (one result per pair of consecutive reads, spread evenly over " +
      `time when grouped or cut by the period; ADR 0206). ${fuel === "electricity" ? "kWh." : "m³ or kWh, as the meter reads (smart meters: m³)."} ${AUTH}`,
    tags: TAGS,
    auth: "token_or_basic",
    params: fuel === "electricity" ? ElectricityMeterParams : GasMeterParams,
    query: ConsumptionQuery,
    responses: {
      200: {
        description: "A page of intervals (count 0 for a known meter without reads in the period).",
        schema: ConsumptionPage,
      },
      400: {
        description:
          "A query parameter is invalid (`code` invalid_query; per parameter invalid_choice, invalid_datetime, start_date_later_than_end_date, repeated_parameter).",
        schema: ErrorBody,
      },
      401: unauthorized,
      404: {
        description:
          "No such meter point in the caller's organisation (meter_point_not_found), a serial it does not have (meter_not_found), or a page past the end (invalid_page).",
        schema: ErrorBody,
      },
    },
  });

/** The two consumption routes, by fuel. */
export const consumptionRouteByFuel = { electricity: consumptionDoc("electricity"), gas: consumptionDoc("gas") };

export const electricityMeterPointRoute = defineContract({
  method: "get",
  path: "/v1/electricity-meter-points/{mpan}/",
  summary: "An electricity meter point's GSP region and profile class",
  description: `The GSP group follows from the MPAN's distributor id (its first two digits). ${AUTH}`,
  tags: TAGS,
  auth: "token_or_basic",
  params: MeterPointParams,
  responses: {
    200: { description: "The meter point.", schema: ElectricityMeterPoint },
    401: unauthorized,
    404: {
      description: "No such electricity meter point in the caller's organisation (meter_point_not_found).",
      schema: ErrorBody,
    },
  },
});

/** The meter-point and consumption routes, for /v1/openapi.json. */
export const consumptionRoutes: RouteContract[] = [
  electricityMeterPointRoute,
  consumptionRouteByFuel.electricity,
  consumptionRouteByFuel.gas,
];
