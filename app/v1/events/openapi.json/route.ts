import { buildEventsOpenApi } from "@/server/events/openapi";
import { contractRoute } from "@/server/rest/handler";
import { eventCatalogueRoute } from "@/server/rest/contracts/events";
import { otherMethods } from "@/server/rest/methods";

let doc: ReturnType<typeof buildEventsOpenApi> | undefined;

export const GET = contractRoute(eventCatalogueRoute, {
  handle: async () => {
    // The catalogue is fixed at build time: generate once per process.
    doc ??= buildEventsOpenApi();
    return { status: 200, body: doc, headers: { "cache-control": "public, max-age=300" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
