import { restRoute } from "@/server/rest/handler";
import { getPublicAccount } from "@/server/services/accounts/get-public-account";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = restRoute({
  auth: "token_or_basic",
  customers: true,
  handle: async ({ ctx, params }) => {
    const account = await getPublicAccount(ctx, { account_number: params.account });
    return { status: 200, body: account, headers: { "cache-control": "private, no-store" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
