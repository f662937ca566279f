/**
 * Whether a failed tRPC call means "no such record for this organisation". Server-side calls
 * throw a TRPCError (`code`), browser calls a TRPCClientError (`data.code`).
 */
export function isNotFoundError(err: unknown): boolean {
  const e = err as { code?: unknown; data?: { code?: unknown } } | null;
  return e?.code === "NOT_FOUND" || e?.data?.code === "NOT_FOUND";
}

/** The record's key came from the URL: a key that fails validation names no record either. */
export function isMissingRecordError(err: unknown): boolean {
  const e = err as { code?: unknown; data?: { code?: unknown } } | null;
  return isNotFoundError(err) || e?.code === "BAD_REQUEST" || e?.data?.code === "BAD_REQUEST";
}
