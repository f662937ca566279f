import { ErrorBody } from "../../errors";
import { GridSupplyPointPage, GridSupplyPointsQuery } from "../../services/industry/grid-supply-point-schemas";
import { defineContract, type RouteContract } from "./contract";

export const gridSupplyPointsRoute = defineContract({
  method: "get",
  path: "/v1/industry/grid-supply-points/",
  summary: "Grid supply point groups, or the one of a postcode",
  description:
    "Without `postcode`, all 14 GSP groups (`_A` ... `_P`, no `_I` or `_O`). With one, a page holding the group its supply is in (clients take " +
    "`results[0].group_id` to pick the regional tariff), or an empty page (`count: 0`) when the postcode cannot be mapped: not a postcode, " +
    "Northern Ireland, the Channel Islands or the Isle of Man, or a district the table does not know. The mapping is data " +
    "(server/services/industry/postcode-gsp-groups.json: a group per postcode area and the districts that differ; its source and limits are in " +
    "ADR 0211): near a distribution boundary a premises can be in the neighbouring group, so the MPAN's distributor id " +
    "(`GET /v1/electricity-meter-points/{mpan}/`) is the better answer for a known meter point. Public, no credentials; `Cache-Control: public, max-age=3600`.",
  tags: ["Public"],
  auth: "none",
  query: GridSupplyPointsQuery,
  responses: {
    200: { description: "A page of groups (one page: there are 14 at most).", schema: GridSupplyPointPage },
    400: {
      description:
        "A query parameter is invalid (`code` invalid_query: a postcode over 64 characters, a parameter given twice).",
      schema: ErrorBody,
    },
  },
});

export const industryRoutes: RouteContract[] = [gridSupplyPointsRoute];
