import { env } from "@/server/env.mjs";
import { logger } from "../../logger";
import { BOTTOMLINE_VENDORS, directDebitBureau } from "./direct-debit-bureau";
import { vendorConfig } from "./http";
import { stripeVendor } from "./stripe";
import { type PaymentVendor, VendorFailure, type VerifiedInstruction } from "./types";

/** Production's vendors: STRIPE (card processor) and the Bottomline direct-debit bureau. */
export const PAYMENT_VENDORS: readonly PaymentVendor[] = [stripeVendor, ...BOTTOMLINE_VENDORS.map(directDebitBureau)];
export const vendorByName = (name: string) => PAYMENT_VENDORS.find((v) => v.name === name);

const num = (v: number, fallback: number) => {
  return Number.isFinite(v) && v >= 0 ? v : fallback;
};

/**
 * Asks the vendor, retrying transient failures a bounded number of times, each attempt
 * with its own timeout. Throws the last VendorFailure when it gives up.
 */
export async function verifyWithVendor(vendor: PaymentVendor, reference: string): Promise<VerifiedInstruction> {
  const config = vendorConfig(...(vendor.configNames ?? [vendor.name]));
  const attempts = Math.max(1, num(env.PAYMENT_VENDOR_MAX_ATTEMPTS, 3));
  const timeoutMs = num(env.PAYMENT_VENDOR_TIMEOUT_MS, 3000);
  const backoffMs = num(env.PAYMENT_VENDOR_BACKOFF_MS, 200);
  let last: VendorFailure | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await vendor.lookup(reference, config, AbortSignal.timeout(timeoutMs));
    } catch (err) {
      last = err instanceof VendorFailure ? err : new VendorFailure("transient", (err as Error).message);
      logger.warn("payment vendor attempt failed", {
        vendor: vendor.name,
        attempt,
        kind: last.kind,
        reason: last.message,
      });
      if (last.kind !== "transient" || attempt === attempts) break;
      await new Promise((r) => setTimeout(r, backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2)));
    }
  }
  throw last!;
}
