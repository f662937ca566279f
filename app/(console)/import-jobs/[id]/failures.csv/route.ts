import { createRequestContext } from "@/server/api/context";
import { ServiceError } from "@/server/errors";
import { errorResponse } from "@/server/rest/handler";
import { exportJobFailures } from "@/server/services/import-jobs/triage";
import { userCtx } from "@/server/services/import-jobs/upload-request";

type Params = { params: Promise<{ id: string }> };

/** A job's failures as CSV (line, external number, step, code, attr, column, detail), for the migration team. */
export async function GET(_req: Request, { params }: Params) {
  const requestId = crypto.randomUUID();
  try {
    const raw = (await params).id;
    const { db, user } = await createRequestContext(requestId);
    const ctx = userCtx(db, requestId, user);
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    if (!id) throw new ServiceError("not_found", "import_job_not_found", `Import job ${raw} not found.`);
    const lines = exportJobFailures(ctx, { id });
    const first = await lines.next(); // the header, after the job was found: a wrong id is still a 404
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        if (!first.done) c.enqueue(encoder.encode(first.value));
      },
      async pull(c) {
        const next = await lines.next();
        if (next.done) c.close();
        else c.enqueue(encoder.encode(next.value));
      },
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="import-job-${id}-failures.csv"`,
        "cache-control": "private, no-store",
        "x-request-id": requestId,
      },
    });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
