import { requireWriter } from "@/server/context";
import { restRoute } from "@/server/rest/handler";
import { parseBody } from "@/server/services/data-import/common";
import { createPaymentInstruction } from "@/server/services/data-import/create-payment-instruction";
import { readJsonBody } from "@/server/rest/body";
import { CreatePaymentInstructionInput } from "@/server/services/data-import/payment-schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  compress: false,
  handle: async ({ ctx, req }) => {
    requireWriter(ctx); // a read-only caller gets 403 before the body is read
    const body = parseBody(CreatePaymentInstructionInput, await readJsonBody(req));
    const { created: _created, ...result } = await createPaymentInstruction(ctx, body);
    return { status: 201, body: result };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
