import { getRelayStatus, publicRelayStatus } from "@/server/events/relay-status";
import { contractRoute } from "@/server/rest/handler";
import { optionalOrganisation } from "@/server/rest/optional-auth";
import { relayStatusRoute } from "@/server/rest/contracts/events";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = contractRoute(relayStatusRoute, {
  handle: async ({ ctx, req }) => {
    // Health for anyone; the caller's own organisation's waiting events with its credentials.
    const organisationId = await optionalOrganisation(ctx.db, req);
    const status = await getRelayStatus(ctx.db);
    return { status: status.healthy ? 200 : 503, body: await publicRelayStatus(ctx.db, status, organisationId), headers: { "cache-control": "no-store" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
