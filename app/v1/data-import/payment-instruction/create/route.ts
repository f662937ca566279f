import { restRoute } from "@/server/rest/handler";
import { parseBody } from "@/server/services/data-import/common";
import { createPaymentInstruction } from "@/server/services/data-import/create-payment-instruction";
import { readExactJsonBody } from "@/server/services/data-import/exact-json";
import { CreatePaymentInstructionInput } from "@/server/services/data-import/payment-schemas";

export const POST = restRoute({
  auth: "token",
  handle: async ({ ctx, req }) => {
    const body = parseBody(CreatePaymentInstructionInput, await readExactJsonBody(req));
    const { created: _created, ...result } = await createPaymentInstruction(ctx, body);
    return { status: 201, body: result };
  },
});
