import { buildOpenApi } from "../openapi/build";
import { accountImportRoutes, accountImportTags } from "./account-import";
import { accountImportV2Routes } from "./account-import-v2";
import { consumptionRoutes } from "./consumption";
import type { RouteContract } from "./contract";
import { dataImportRoutes } from "./data-import";
import { eventsRoutes } from "./events";
import { industryRoutes } from "./industry";
import { publicRoutes } from "./public";

/** Every REST route's contract (/v1/ and /v2/): the table /v1/openapi.json is generated from. */
export const routeTable: RouteContract[] = [
  ...dataImportRoutes,
  ...accountImportRoutes,
  ...accountImportV2Routes,
  ...publicRoutes,
  ...industryRoutes,
  ...consumptionRoutes,
  ...eventsRoutes,
];

/** The OpenAPI 3.1 document of the route table. */
export function buildRestOpenApi() {
  return buildOpenApi(
    routeTable,
    {
      title: "Kraken Migrate API",
      version: "1",
      description:
        "The data-import REST API (token from the obtainKrakenToken GraphQL mutation; v1, and v2's scheduled account imports), the public read API, and the event catalogue and relay status.",
    },
    accountImportTags,
  );
}
