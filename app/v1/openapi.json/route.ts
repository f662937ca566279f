import { eventsRouteDocs } from "@/server/rest/openapi/events";
import { restRoute } from "@/server/rest/handler";
import { accountImportRouteDocs, accountImportTags } from "@/server/rest/openapi/account-import";
import { accountImportV2RouteDocs } from "@/server/rest/openapi/account-import-v2";
import { buildOpenApi } from "@/server/rest/openapi/build";
import { dataImportRouteDocs } from "@/server/rest/openapi/data-import";
import { publicRouteDocs } from "@/server/rest/openapi/public";
import { consumptionRouteDocs } from "@/server/rest/openapi/consumption";
import { otherMethods } from "@/server/rest/methods";

let cached: ReturnType<typeof buildOpenApi> | undefined;

/** GET /v1/openapi.json: every REST route (/v1/ and /v2/), generated from the zod schemas the handlers use. */
export const GET = restRoute({
  auth: "none",
  handle: async () => {
    cached ??= buildOpenApi(
      [...dataImportRouteDocs, ...accountImportRouteDocs, ...accountImportV2RouteDocs, ...publicRouteDocs, ...consumptionRouteDocs, ...eventsRouteDocs],
      {
        title: "Kraken Migrate API",
        version: "1",
        description: "The data-import REST API (token from the obtainKrakenToken GraphQL mutation; v1, and v2's scheduled account imports), the public read API, and the event catalogue and relay status.",
      },
      accountImportTags,
    );
    return { status: 200, body: cached, headers: { "cache-control": "public, max-age=300" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
