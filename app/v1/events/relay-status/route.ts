import { getRelayStatus, publicRelayStatus } from "@/server/events/relay-status";
import { contractRoute } from "@/server/rest/handler";
import { relayStatusRoute } from "@/server/rest/contracts/events";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = contractRoute(relayStatusRoute, {
  handle: async ({ ctx }) => {
    const status = await getRelayStatus(ctx.db);
    return { status: status.healthy ? 200 : 503, body: publicRelayStatus(status), headers: { "cache-control": "no-store" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
