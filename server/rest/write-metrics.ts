import { isDatabaseUnavailable } from "@/db/errors";
import { metrics } from "@/server/lib/metrics.mjs";
import { ServiceError } from "../errors";

/** The post-import write routes (ADR 0101), by the kind of record each writes. */
const POST_IMPORT_KINDS: Record<string, string> = {
  "/v1/data-import/notes/create/": "note",
  "/v1/data-import/transactions/create/": "transaction",
  "/v1/data-import/historical-statements/create/": "historical_statement",
  "/v1/data-import/payment-instruction/create/": "payment_instruction",
};

/** The kind of post-import write a request URL's route makes, or null for any other route. */
export function postImportKind(url: string): string | null {
  const path = new URL(url).pathname;
  return POST_IMPORT_KINDS[path.endsWith("/") ? path : `${path}/`] ?? null;
}

/** Counts one answered post-import write: ok below 400, else error with the answer's code. */
export function countPostImportWrite(kind: string, status: number, err?: unknown) {
  const code = status < 400 ? "" : err instanceof ServiceError ? err.code : err === undefined ? "" : isDatabaseUnavailable(err) ? "service_unavailable" : "internal_error";
  metrics().postImportWrites.inc({ kind, outcome: status < 400 ? "ok" : "error", code });
}
