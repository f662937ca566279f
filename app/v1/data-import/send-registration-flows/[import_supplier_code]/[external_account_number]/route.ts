import { contractRoute } from "@/server/rest/handler";
import { sendRegistrationFlowsRoute } from "@/server/rest/contracts/data-import";
import { parseBody } from "@/server/services/import-bodies/common";
import { sendRegistrationFlows } from "@/server/services/registration/send-registration-flows";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(sendRegistrationFlowsRoute, {
  writer: true,
  handle: async ({ ctx, params, query }) => {
    const path = parseBody(sendRegistrationFlowsRoute.params, params);
    return { status: 200, body: await sendRegistrationFlows(ctx, { ...path, supply_start_date: query.supply_start_date }) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
