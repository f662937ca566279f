import { restRoute } from "@/server/rest/handler";
import { getTransferStatus } from "@/server/services/account-import/get-transfer-status";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "token",
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getTransferStatus(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});
