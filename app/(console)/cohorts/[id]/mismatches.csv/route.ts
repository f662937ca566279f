import { createRequestContext } from "@/server/api/context";
import { errorResponse } from "@/server/rest/handler";
import { exportMismatchesCsv } from "@/server/services/cohorts/results";
import { userCtx } from "@/server/services/import-jobs/upload-request";

type Params = { params: Promise<{ id: string }> };

/** The newest reconciliation's mismatches (open and accepted, with who and why) as CSV; `?check=` narrows it to one check. */
export async function GET(req: Request, { params }: Params) {
  const requestId = crypto.randomUUID();
  try {
    const raw = (await params).id;
    const { db, user } = await createRequestContext(requestId);
    const ctx = userCtx(db, requestId, user);
    const check = new URL(req.url).searchParams.get("check") || undefined;
    const { fileName, text } = await exportMismatchesCsv(ctx, { id: /^\d{1,9}$/.test(raw) ? Number(raw) : 0, check });
    return new Response(text, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "private, no-store",
        "x-request-id": requestId,
      },
    });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
