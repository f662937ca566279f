import { restRoute } from "@/server/rest/handler";
import { parseBody } from "@/server/services/import-bodies/common";
import { createPaymentInstruction } from "@/server/services/payments/create-payment-instruction";
import { withInstructionErrorFields } from "@/server/services/payments/payment-errors";
import { readJsonBody } from "@/server/rest/body";
import { CreatePaymentInstructionInput } from "@/server/services/payments/payment-schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  compress: false,
  handle: async ({ ctx, req }) => {
    let raw: unknown;
    return withInstructionErrorFields(
      () => raw,
      async () => {
        raw = await readJsonBody(req);
        const { created: _created, ...result } = await createPaymentInstruction(ctx, parseBody(CreatePaymentInstructionInput, raw));
        return { status: 201, body: result };
      },
    );
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
