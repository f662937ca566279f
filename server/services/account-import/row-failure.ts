import { isDatabaseUnavailable } from "@/db/errors";
import { ServiceError } from "../../errors";
import { logger } from "../../logger";

/**
 * A batch row that failed unexpectedly (each row is its own transaction, so the rows before
 * it stay written): said against that row, with the request id of the logged error, so the
 * batch still answers row by row what was written instead of a 500 after a partial write.
 */
export function rowFailure(err: unknown, requestId: string): ServiceError {
  if (err instanceof ServiceError) return err;
  if (isDatabaseUnavailable(err)) {
    return new ServiceError("upstream_unavailable", "service_unavailable", "The database could not be reached for this row; send it again shortly.");
  }
  logger.error("batch row failed unexpectedly", { requestId, err });
  return new ServiceError("internal", "internal_error", `This row could not be stored (request ${requestId}).`);
}
