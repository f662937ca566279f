import { contractRoute } from "@/server/rest/handler";
import { createPaymentInstructionRoute } from "@/server/rest/contracts/data-import";
import { parseBody } from "@/server/services/import-bodies/common";
import { createPaymentInstruction } from "@/server/services/payments/create-payment-instruction";
import { withInstructionErrorFields } from "@/server/services/payments/payment-errors";
import { readJsonBody } from "@/server/rest/body";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(createPaymentInstructionRoute, {
  writer: true,
  compress: false,
  handle: async ({ ctx, req }) => {
    let raw: unknown;
    return withInstructionErrorFields(
      () => raw,
      async () => {
        raw = await readJsonBody(req);
        const { created: _created, ...result } = await createPaymentInstruction(ctx, parseBody(createPaymentInstructionRoute.body, raw));
        return { status: 201, body: result };
      },
    );
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
