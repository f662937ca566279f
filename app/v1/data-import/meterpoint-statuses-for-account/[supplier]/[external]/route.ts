import { restRoute } from "@/server/rest/handler";
import { otherMethods } from "@/server/rest/methods";
import { meterPointStatuses } from "@/server/services/registration/meter-point-statuses";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "token",
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await meterPointStatuses(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
