import { ServiceError } from "../../errors";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : null);

/**
 * Runs the payment-instruction route and gives each 400 and 500 it answers production's
 * CreatePaymentInstructionError fields (error_detail, external_account_number,
 * import_supplier, reference: as sent, null when not sent as text) beside the contract's
 * {detail, code, errors}; other statuses pass unchanged.
 */
export async function withInstructionErrorFields<T>(raw: () => unknown, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof ServiceError) || (err.status !== 400 && err.status !== 500)) throw err;
    const sent = raw();
    const b = sent && typeof sent === "object" && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
    const base = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : err.toBody();
    throw new ServiceError(err.kind, err.code, err.message, {
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
}
