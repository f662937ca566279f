import { contractRoute } from "@/server/rest/handler";
import { meterPointStatusesRoute } from "@/server/rest/contracts/account-import";
import { otherMethods } from "@/server/rest/methods";
import { meterPointStatuses } from "@/server/services/registration/meter-point-statuses";

export const dynamic = "force-dynamic";

export const GET = contractRoute(meterPointStatusesRoute, {
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await meterPointStatuses(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
