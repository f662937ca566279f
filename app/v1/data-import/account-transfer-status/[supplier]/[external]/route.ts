import { contractRoute } from "@/server/rest/handler";
import { transferStatusRoute } from "@/server/rest/contracts/account-import";
import { getTransferStatus } from "@/server/services/account-import/get-transfer-status";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = contractRoute(transferStatusRoute, {
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getTransferStatus(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
