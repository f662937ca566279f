import { VendorFailure, type VendorConfig } from "./types";

/** Reads PAYMENT_VENDOR_<NAME>_URL and _TOKEN. */
export function vendorConfig(name: string): VendorConfig {
  const baseUrl = process.env[`PAYMENT_VENDOR_${name}_URL`];
  const token = process.env[`PAYMENT_VENDOR_${name}_TOKEN`];
  if (!baseUrl || !token) throw new VendorFailure("not_configured", `Payment vendor ${name} is not configured (PAYMENT_VENDOR_${name}_URL / _TOKEN).`);
  return { baseUrl: baseUrl.replace(/\/+$/, ""), token };
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
    throw new VendorFailure("transient", `Could not reach the vendor (${signal.aborted ? "timeout" : (cause ?? (err as Error).message)}).`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new VendorFailure("transient", `The vendor's answer was cut off (HTTP ${res.status}).`);
  }
  if (res.status === 404) throw new VendorFailure("not_found", "The vendor has no such instruction.");
  if (res.status === 408 || res.status === 429 || res.status >= 500) throw new VendorFailure("transient", `The vendor answered HTTP ${res.status}.`);
  if (res.status >= 400) throw new VendorFailure("persistent", `The vendor refused the request (HTTP ${res.status}).`);
  try {
    return JSON.parse(text);
  } catch {
    throw new VendorFailure("persistent", "The vendor's answer is not JSON.");
  }
}
