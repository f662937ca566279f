import { restRoute } from "@/server/rest/handler";
import { parseBody } from "@/server/services/import-bodies/common";
import { RegistrationFlowParams, RegistrationFlowQuery } from "@/server/services/registration/schemas";
import { sendRegistrationFlows } from "@/server/services/registration/send-registration-flows";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  query: RegistrationFlowQuery,
  handle: async ({ ctx, params, query }) => {
    const path = parseBody(RegistrationFlowParams, params);
    return { status: 200, body: await sendRegistrationFlows(ctx, { ...path, supply_start_date: query.supply_start_date }) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
