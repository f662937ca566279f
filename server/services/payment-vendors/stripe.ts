import { z } from "zod";
import { vendorGet } from "./http";
import { type PaymentVendor, VendorFailure } from "./types";

const PaymentMethod = z.object({
  id: z.string(),
  object: z.literal("payment_method"),
  type: z.string(),
  customer: z.string().nullable().optional(),
  card: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() })
    .partial()
    .nullable()
    .optional(),
});

/** A card processor in the style of Stripe: GET /v1/payment_methods/{id} with a bearer key. */
export const stripeVendor: PaymentVendor = {
  name: "STRIPE",
  types: ["CARD"],
  // Stripe's ids are pm_..., or the older card_... and src_...; the vendor, not a pattern, says
  // whether one exists (production's own example sends THIS-IS-A-FAKE-REFERENCE), so anything
  // printable without spaces or slashes (it becomes a path segment) is asked about.
  referencePattern: /^[\x21-\x2E\x30-\x7E]{1,255}$/,
  referenceHint: "a payment method id like pm_1NXWPnCo6bFb1K (printable, without spaces or /)",
  async lookup(reference, config, signal) {
    const body = await vendorGet(
      `${config.baseUrl}/v1/payment_methods/${encodeURIComponent(reference)}`,
      { authorization: `Bearer ${config.token}` },
      signal,
    );
    const pm = PaymentMethod.safeParse(body);
    if (!pm.success)
      throw new VendorFailure("persistent", "The vendor's payment method does not have the expected shape.");
    const { type, customer, card } = pm.data;
    if (type !== "card") throw new VendorFailure("not_usable", `The payment method is a ${type}, not a card.`);
    if (!customer)
      throw new VendorFailure(
        "not_usable",
        "The payment method is not attached to a customer, so it cannot be charged later.",
      );
    const now = new Date();
    if (
      card?.exp_year !== undefined &&
      card.exp_month !== undefined &&
      (card.exp_year < now.getUTCFullYear() ||
        (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1))
    ) {
      throw new VendorFailure("not_usable", `The card expired at the end of ${card.exp_month}/${card.exp_year}.`);
    }
    return {
      vendorStatus: "attached",
      details: {
        customer,
        brand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        exp_month: card?.exp_month ?? null,
        exp_year: card?.exp_year ?? null,
      },
    };
  },
};
