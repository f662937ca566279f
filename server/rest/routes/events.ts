import { contractRoute } from "../handler";
import { eventAsyncApiRoute, eventCatalogueRoute, relayStatusRoute } from "../contracts/events";
import { optionalOrganisation } from "../optional-auth";
import { buildEventsAsyncApi } from "@/server/events/asyncapi";
import { buildEventsOpenApi } from "@/server/events/openapi";
import { relaySubjectPrefix } from "@/server/events/relay-config";
import { getRelayStatus, publicRelayStatus } from "@/server/events/relay-status";

// The catalogue is fixed at build time: each document is generated once per process.
let asyncApi: ReturnType<typeof buildEventsAsyncApi> | undefined;
let openApi: ReturnType<typeof buildEventsOpenApi> | undefined;

export const eventAsyncApiHandler = contractRoute(eventAsyncApiRoute, {
  handle: async () => {
    asyncApi ??= buildEventsAsyncApi(relaySubjectPrefix());
    return { status: 200, body: asyncApi, headers: { "cache-control": "public, max-age=300" } };
  },
});

export const eventCatalogueHandler = contractRoute(eventCatalogueRoute, {
  handle: async () => {
    openApi ??= buildEventsOpenApi();
    return { status: 200, body: openApi, headers: { "cache-control": "public, max-age=300" } };
  },
});

export const relayStatusHandler = contractRoute(relayStatusRoute, {
  handle: async ({ ctx, req }) => {
    // Health for anyone; the caller's own organisation's waiting events with its credentials.
    const organisationId = await optionalOrganisation(ctx.db, req);
    const status = await getRelayStatus(ctx.db);
    return {
      status: status.healthy ? 200 : 503,
      body: await publicRelayStatus(ctx.db, status, organisationId),
      headers: { "cache-control": "no-store" },
    };
  },
});
