import { contractRoute } from "@/server/rest/handler";
import { createHistoricalStatementsRoute } from "@/server/rest/contracts/data-import";
import { parseBody } from "@/server/services/import-bodies/common";
import { createHistoricalStatements } from "@/server/services/statements/create-historical-statements";
import { readJsonBody } from "@/server/rest/body";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(createHistoricalStatementsRoute, {
  writer: true,
  compress: false,
  handle: async ({ ctx, req }) => {
    const body = parseBody(createHistoricalStatementsRoute.body, await readJsonBody(req));
    return { status: 201, body: await createHistoricalStatements(ctx, body) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
