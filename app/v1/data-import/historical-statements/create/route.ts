import { restRoute } from "@/server/rest/handler";
import { parseBody } from "@/server/services/import-bodies/common";
import { createHistoricalStatements } from "@/server/services/statements/create-historical-statements";
import { readJsonBody } from "@/server/rest/body";
import { CreateHistoricalStatementsInput } from "@/server/services/statements/statement-schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  compress: false,
  handle: async ({ ctx, req }) => {
    const body = parseBody(CreateHistoricalStatementsInput, await readJsonBody(req));
    return { status: 201, body: await createHistoricalStatements(ctx, body) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
