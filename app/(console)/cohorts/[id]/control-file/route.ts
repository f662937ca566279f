import { createRequestContext } from "@/server/api/context";
import { crossSiteRefusal } from "@/server/api/cross-site";
import { requestIdOf } from "@/server/lib/request-id";
import { ServiceError } from "@/server/errors";
import { errorResponse } from "@/server/rest/handler";
import { uploadControlFile } from "@/server/services/cohorts/upload-control-file";
import { userCtx } from "@/server/services/import-jobs/upload-request";

type Params = { params: Promise<{ id: string }> };

/** Receives a cohort's control file (ADR 0417): the body is the file (CSV or JSON Lines), `?name=&format=` its options. Operators only. */
export async function POST(req: Request, { params }: Params) {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const requestId = requestIdOf(req);
  try {
    const raw = (await params).id;
    const { db, user } = await createRequestContext(requestId);
    const ctx = userCtx(db, requestId, user);
    if (!req.body) throw new ServiceError("validation", "empty_file", "The control file holds no accounts.");
    const q = new URL(req.url).searchParams;
    const name = q.get("name") ?? "control-file";
    const format = q.get("format") ?? (/\.csv$/i.test(name) ? "csv" : "jsonl");
    const result = await uploadControlFile(
      ctx,
      { id: /^\d{1,9}$/.test(raw) ? Number(raw) : 0, format: format as "csv" | "jsonl", fileName: name },
      req.body,
    );
    return Response.json(result, { status: 201, headers: { "x-request-id": requestId, "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
