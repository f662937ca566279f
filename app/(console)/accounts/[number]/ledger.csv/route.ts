import { createRequestContext } from "@/server/api/context";
import { errorResponse } from "@/server/rest/handler";
import { userCtx } from "@/server/services/import-jobs/upload-request";
import { exportLedgerCsv } from "@/server/services/support/export-ledger-csv";
import { ledgerFilterFromParams } from "@/server/services/support/ledger-params";

type Params = { params: Promise<{ number: string }> };

/** The account's ledger as the console shows it for the filter in the query string (the ledger tab's own URL parameters), as CSV. */
export async function GET(req: Request, { params }: Params) {
  const requestId = crypto.randomUUID();
  try {
    const { number } = await params;
    const { db, user } = await createRequestContext(requestId);
    const ctx = userCtx(db, requestId, user);
    const csv = await exportLedgerCsv(ctx, ledgerFilterFromParams(number, new URL(req.url).searchParams));
    return new Response(csv.body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${csv.filename.replace(/[^\w.-]/g, "_")}"`,
        "cache-control": "private, no-store",
        "x-request-id": requestId,
      },
    });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
