import { requireWriter } from "@/server/context";
import { restRoute } from "@/server/rest/handler";
import { parseBody, parseQuery } from "@/server/services/data-import/common";
import { RegistrationFlowParams, RegistrationFlowQuery } from "@/server/services/registration/schemas";
import { sendRegistrationFlows } from "@/server/services/registration/send-registration-flows";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  handle: async ({ ctx, req, params }) => {
    requireWriter(ctx); // a read-only caller gets 403 before the path or query is looked at
    const path = parseBody(RegistrationFlowParams, params);
    const query = parseQuery(RegistrationFlowQuery, req);
    return { status: 200, body: await sendRegistrationFlows(ctx, { ...path, supply_start_date: query.supply_start_date }) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
