import { ServiceError } from "../../errors";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : null);

/**
 * The error as the payment-instruction route answers it, given the body as `sent`: each 400 and
 * 500 gets production's CreatePaymentInstructionError fields (error_detail,
 * external_account_number, import_supplier, reference: as sent, null when not sent as text)
 * beside the contract's {detail, code, errors}; other statuses pass unchanged.
 */
export function instructionErrorFields(err: unknown, sent: unknown): unknown {
  if (!(err instanceof ServiceError) || (err.status !== 400 && err.status !== 500)) return err;
  const b = sent && typeof sent === "object" && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
  const base = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : err.toBody();
  return new ServiceError(err.kind, err.code, err.message, {
    status: err.status,
    headers: err.headers,
    errors: err.errors,
    body: {
      error_detail: err.message,
      external_account_number: text(b.external_account_number),
      import_supplier: text(b.import_supplier),
      reference: text(b.reference) ?? text(b.instruction_reference),
      ...base,
    },
  });
}
