import { z } from "zod";
import { vendorGet } from "./http";
import { type PaymentVendor, VendorFailure } from "./types";

const USABLE = new Set(["pending_customer_approval", "pending_submission", "submitted", "active"]);

const MandateEnvelope = z.object({
  mandates: z.object({
    id: z.string(),
    status: z.string(),
    scheme: z.string().optional(),
    reference: z.string().nullable().optional(),
    next_possible_charge_date: z.string().nullable().optional(),
    links: z.record(z.string(), z.string()).optional(),
  }),
});

/** A direct-debit bureau in the style of GoCardless: GET /mandates/{id} with a bearer token. */
export const goCardlessVendor: PaymentVendor = {
  name: "GOCARDLESS",
  types: ["DIRECT_DEBIT"],
  referencePattern: /^MD[0-9A-Z]{1,30}$/,
  referenceHint: "a mandate id like MD000123ABCDEF",
  async lookup(reference, config, signal) {
    const body = await vendorGet(
      `${config.baseUrl}/mandates/${encodeURIComponent(reference)}`,
      { authorization: `Bearer ${config.token}`, "gocardless-version": "2015-07-06" },
      signal,
    );
    const parsed = MandateEnvelope.safeParse(body);
    if (!parsed.success) throw new VendorFailure("persistent", "The vendor's mandate does not have the expected shape.");
    const m = parsed.data.mandates;
    if (!USABLE.has(m.status)) throw new VendorFailure("not_usable", `The mandate is ${m.status}.`);
    return {
      vendorStatus: m.status,
      details: { scheme: m.scheme ?? null, mandate_reference: m.reference ?? null, next_possible_charge_date: m.next_possible_charge_date ?? null, customer: m.links?.customer ?? null },
    };
  },
};
