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

/**
 * Production's Bottomline vendors (Global Payments Hub, PT-X, PT-X batched) are the direct-debit
 * bureau: a mandate API in the style of GoCardless, GET /mandates/{reference} with a bearer
 * token. Each reads PAYMENT_VENDOR_<VENDOR>_URL / _TOKEN, else the shared
 * PAYMENT_VENDOR_BOTTOMLINE_URL / _TOKEN.
 */
export const BOTTOMLINE_VENDORS = [
  "BOTTOMLINE_GLOBAL_PAYMENTS_HUB",
  "BOTTOMLINE_PTX",
  "BOTTOMLINE_PTX_BATCHED",
] as const;

export const directDebitBureau = (name: (typeof BOTTOMLINE_VENDORS)[number]): PaymentVendor => ({
  name,
  configNames: [name, "BOTTOMLINE"],
  types: ["DIRECT_DEBIT"],
  // The bureau's mandate reference: production allows up to 512 characters; no spaces or slashes.
  referencePattern: /^[\x21-\x2E\x30-\x7E]{1,512}$/,
  referenceHint: "the bureau's mandate reference (printable characters, no spaces or '/')",
  async lookup(reference, config, signal) {
    const body = await vendorGet(
      `${config.baseUrl}/mandates/${encodeURIComponent(reference)}`,
      { authorization: `Bearer ${config.token}`, "gocardless-version": "2015-07-06" },
      signal,
    );
    const parsed = MandateEnvelope.safeParse(body);
    if (!parsed.success)
      throw new VendorFailure("persistent", "The vendor's mandate does not have the expected shape.");
    const m = parsed.data.mandates;
    if (!USABLE.has(m.status)) throw new VendorFailure("not_usable", `The mandate is ${m.status}.`);
    return {
      vendorStatus: m.status,
      details: {
        scheme: m.scheme ?? null,
        mandate_reference: m.reference ?? null,
        next_possible_charge_date: m.next_possible_charge_date ?? null,
        customer: m.links?.customer ?? null,
      },
    };
  },
});
