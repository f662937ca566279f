import { VendorFailure, type VendorConfig } from "./types";
import { env } from "@/server/env.mjs";

type VendorVariable =
  `PAYMENT_VENDOR_${"STRIPE" | "BOTTOMLINE" | "BOTTOMLINE_GLOBAL_PAYMENTS_HUB" | "BOTTOMLINE_PTX" | "BOTTOMLINE_PTX_BATCHED"}_${"URL" | "TOKEN"}`;

/** Reads PAYMENT_VENDOR_<NAME>_URL and _TOKEN, for the first of `names` that has both. */
export function vendorConfig(...names: string[]): VendorConfig {
  for (const name of names) {
    const baseUrl = env[`PAYMENT_VENDOR_${name}_URL` as VendorVariable];
    const token = env[`PAYMENT_VENDOR_${name}_TOKEN` as VendorVariable];
    if (baseUrl && token) return { baseUrl: baseUrl.replace(/\/+$/, ""), token };
  }
  const settings = names.map((n) => `PAYMENT_VENDOR_${n}_URL / _TOKEN`).join(", or ");
  throw new VendorFailure("not_configured", `Payment vendor ${names[0]} is not configured (${settings}).`);
}

/**
 * One GET to a vendor, classified: 404 not found, 408/429/5xx and network failures
 * transient, other 4xx persistent. Returns the parsed JSON of a 2xx answer.
 */
export async function vendorGet(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json", ...headers }, signal, redirect: "error" });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new VendorFailure(
      "transient",
      `Could not reach the vendor (${signal.aborted ? "timeout" : (cause ?? (err as Error).message)}).`,
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new VendorFailure("transient", `The vendor's answer was cut off (HTTP ${res.status}).`);
  }
  if (res.status === 404) throw new VendorFailure("not_found", "The vendor has no such instruction.");
  if (res.status === 408 || res.status === 429 || res.status >= 500)
    throw new VendorFailure("transient", `The vendor answered HTTP ${res.status}.`);
  if (res.status >= 400) throw new VendorFailure("persistent", `The vendor refused the request (HTTP ${res.status}).`);
  try {
    return JSON.parse(text);
  } catch {
    throw new VendorFailure("persistent", "The vendor's answer is not JSON.");
  }
}
