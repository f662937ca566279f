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
  if (status < 400) return void okOf(kind).inc();
  const code =
    err instanceof ServiceError
      ? err.code
      : err === undefined
        ? ""
        : isDatabaseUnavailable(err)
          ? "service_unavailable"
          : "internal_error";
  metrics().postImportWrites.inc({ kind, outcome: "error", code });
}

/** The success counter's child per kind, kept: an accepted write costs one increment. */
const okByKind = new Map<string, { inc(): void }>();
function okOf(kind: string) {
  let child = okByKind.get(kind);
  if (!child) okByKind.set(kind, (child = metrics().postImportWrites.labels({ kind, outcome: "ok", code: "" })));
  return child;
}
