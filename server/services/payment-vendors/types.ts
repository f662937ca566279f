/** Why a vendor check did not succeed; decides between a final 400 and a retryable 500. */
export type VendorFailureKind =
  /** The vendor says the instruction does not exist. */
  | "not_found"
  /** It exists but cannot be used (cancelled mandate, expired card, ...). */
  | "not_usable"
  /** The vendor refuses the request itself (bad credentials, bad request) or keeps answering nonsense. */
  | "persistent"
  /** Timeout, connection reset or refused, 5xx, 429: may well work on a later try. */
  | "transient"
  /** No base URL or token configured for this vendor. */
  | "not_configured";

export class VendorFailure extends Error {
  constructor(
    readonly kind: VendorFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "VendorFailure";
  }
}

export type VerifiedInstruction = {
  /** The vendor's own status word (e.g. `active`, `card`). */
  vendorStatus: string;
  /** Details kept with the instruction for support staff (never card numbers). */
  details: Record<string, unknown>;
};

export type PaymentVendor = {
  /** The `vendor` value clients send. */
  name: string;
  /** Whose PAYMENT_VENDOR_<NAME>_URL / _TOKEN it reads, first configured wins (default: its name). */
  configNames?: readonly string[];
  /** The `type` values this vendor's instructions have. */
  types: readonly string[];
  referencePattern: RegExp;
  referenceHint: string;
  /** One attempt: resolves, or throws a VendorFailure. */
  lookup: (reference: string, config: VendorConfig, signal: AbortSignal) => Promise<VerifiedInstruction>;
};

export type VendorConfig = { baseUrl: string; token: string };
