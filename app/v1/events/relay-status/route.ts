import { getRelayStatus, publicRelayStatus } from "@/server/events/relay-status";
import { restRoute } from "@/server/rest/handler";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "none",
  handle: async ({ ctx }) => {
    const status = await getRelayStatus(ctx.db);
    return { status: status.healthy ? 200 : 503, body: publicRelayStatus(status), headers: { "cache-control": "no-store" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
