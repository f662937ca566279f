import { contractRoute } from "@/server/rest/handler";
import { validateAccountV2Route } from "@/server/rest/contracts/account-import-v2";
import { otherMethods } from "@/server/rest/methods";
import { validateError } from "@/server/rest/v2-errors";
import { ValidateAccountInput } from "@/server/services/account-import/v2-schemas";
import { validateAccount } from "@/server/services/account-import/validate-account";

/** validate-account/'s checks on `{payload}` (or a flat EnergyAccount): 200 with no body, or 400 with every problem. */
export const POST = contractRoute(validateAccountV2Route, {
  body: ValidateAccountInput,
  bodyErrorCode: "account_failed_validation",
  mapError: validateError,
  handle: async ({ ctx, body }) => {
    await validateAccount(ctx, body.payload);
    return new Response(null, { status: 200 });
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
