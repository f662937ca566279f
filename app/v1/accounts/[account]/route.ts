import { contractRoute } from "@/server/rest/handler";
import { publicAccountRoute } from "@/server/rest/contracts/public";
import { getPublicAccount } from "@/server/services/accounts/get-public-account";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";

export const GET = contractRoute(publicAccountRoute, {
  customers: true,
  handle: async ({ ctx, params }) => {
    const account = await getPublicAccount(ctx, { account_number: params.account });
    return { status: 200, body: account, headers: { "cache-control": "private, no-store" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
