import { contractRoute } from "@/server/rest/handler";
import { importStatusRoute } from "@/server/rest/contracts/account-import-v2";
import { otherMethods } from "@/server/rest/methods";
import { statusError } from "@/server/rest/v2-errors";
import { getImportStatus } from "@/server/services/account-import/get-import-status";

export const dynamic = "force-dynamic";

export const GET = contractRoute(importStatusRoute, {
  mapError: statusError,
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getImportStatus(ctx, { import_supplier: params.supplier, external_account_number: params.external }),
  }),
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
