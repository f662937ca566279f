import type { RouteContract } from "../contracts/contract";
import * as accountImport from "./account-import";
import * as accountImportV2 from "./account-import-v2";
import * as consumption from "./consumption";
import * as dataImport from "./data-import";
import * as events from "./events";
import * as graphql from "./graphql";
import * as industry from "./industry";
import * as pub from "./public";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, route?: RouteContext) => Promise<Response>) & { contract?: RouteContract };

/**
 * One served route: its method, its path template (Next's spelling, `[name]` for a parameter:
 * the name the handler reads, and the template metrics and spans are labelled with), and the
 * handler, built from the route's contract (`handler.contract`) except for the SDL.
 */
export type RestRoute = { method: "GET" | "POST"; template: string; handler: RouteHandler };

const served = (template: string, handler: RouteHandler, method?: "GET" | "POST"): RestRoute => ({
  method: method ?? (handler.contract!.method.toUpperCase() as "GET" | "POST"),
  template,
  handler,
});

const RATES = "/v1/products/[product]";
const DATA_IMPORT = "/v1/data-import";

/** Every REST route under /v1/ and /v2/: the router `npm start`'s server and the app's catch-all routes dispatch from. */
export const restRoutes: RestRoute[] = [
  served(`${DATA_IMPORT}/account-import-process/create-or-update/`, accountImport.stageAccountHandler),
  served(`${DATA_IMPORT}/account-import-process/process/`, accountImport.processAccountHandler),
  served(`${DATA_IMPORT}/validate-account/`, accountImport.validateAccountHandler),
  served(`${DATA_IMPORT}/account-transfer-status/[supplier]/[external]/`, accountImport.transferStatusHandler),
  served(
    `${DATA_IMPORT}/meterpoint-statuses-for-account/[supplier]/[external]/`,
    accountImport.meterPointStatusesHandler,
  ),
  served(`${DATA_IMPORT}/all-account-import-processes/[supplier]/`, accountImport.allImportProcessesHandler),
  served(`${DATA_IMPORT}/failed-account-import-processes/[supplier]/`, accountImport.failedImportProcessesHandler),
  served(`${DATA_IMPORT}/imported-account-import-processes/[supplier]/`, accountImport.importedImportProcessesHandler),
  served(`${DATA_IMPORT}/pending-account-import-processes/[supplier]/`, accountImport.pendingImportProcessesHandler),
  served(`${DATA_IMPORT}/notes/create/`, dataImport.createNotesHandler),
  served(`${DATA_IMPORT}/transactions/create/`, dataImport.createTransactionsHandler),
  served(`${DATA_IMPORT}/historical-statements/create/`, dataImport.createHistoricalStatementsHandler),
  served(`${DATA_IMPORT}/payment-instruction/create/`, dataImport.createPaymentInstructionHandler),
  served(
    `${DATA_IMPORT}/send-registration-flows/[import_supplier_code]/[external_account_number]/`,
    dataImport.sendRegistrationFlowsHandler,
  ),
  served("/v2/data-import/accounts/", accountImportV2.scheduleAccountHandler),
  served("/v2/data-import/accounts/validate/", accountImportV2.validateAccountV2Handler),
  served("/v2/data-import/accounts/[supplier]/[external]/", accountImportV2.importStatusHandler),
  served("/v1/graphql/", graphql.graphqlGetHandler),
  served("/v1/graphql/", graphql.graphqlPostHandler),
  served("/v1/graphql/schema.graphql", graphql.graphqlSchemaHandler, "GET"),
  served("/v1/openapi.json", industry.openApiHandler),
  served("/v1/industry/grid-supply-points/", industry.gridSupplyPointsHandler),
  served("/v1/products/", pub.productListHandler),
  served(`${RATES}/`, pub.productDetailHandler),
  served(`${RATES}/electricity-tariffs/[tariff]/standard-unit-rates/`, pub.electricityStandardUnitRatesHandler),
  served(`${RATES}/electricity-tariffs/[tariff]/standing-charges/`, pub.electricityStandingChargesHandler),
  served(`${RATES}/electricity-tariffs/[tariff]/day-unit-rates/`, pub.electricityDayUnitRatesHandler),
  served(`${RATES}/electricity-tariffs/[tariff]/night-unit-rates/`, pub.electricityNightUnitRatesHandler),
  served(`${RATES}/gas-tariffs/[tariff]/standard-unit-rates/`, pub.gasStandardUnitRatesHandler),
  served(`${RATES}/gas-tariffs/[tariff]/standing-charges/`, pub.gasStandingChargesHandler),
  served(`${RATES}/gas-tariffs/[tariff]/day-unit-rates/`, pub.gasDayUnitRatesHandler),
  served(`${RATES}/gas-tariffs/[tariff]/night-unit-rates/`, pub.gasNightUnitRatesHandler),
  served("/v1/accounts/[account]/", pub.publicAccountHandler),
  served("/v1/electricity-meter-points/[mpan]/", consumption.electricityMeterPointHandler),
  served("/v1/electricity-meter-points/[mpan]/meters/[serial]/consumption/", consumption.electricityConsumptionHandler),
  served("/v1/gas-meter-points/[mprn]/meters/[serial]/consumption/", consumption.gasConsumptionHandler),
  served("/v1/events/openapi.json", events.eventCatalogueHandler),
  served("/v1/events/asyncapi.json", events.eventAsyncApiHandler),
  served("/v1/events/relay-status/", events.relayStatusHandler),
];
