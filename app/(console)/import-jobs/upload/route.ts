import { createRequestContext } from "@/server/api/context";
import { crossSiteRefusal } from "@/server/api/cross-site";
import { requestIdOf } from "@/server/lib/request-id";
import { ServiceError } from "@/server/errors";
import { errorResponse } from "@/server/rest/handler";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { uploadOptions, userCtx } from "@/server/services/import-jobs/upload-request";

/**
 * Receives a file of accounts as an import job (ADR 0404): the body is the file itself
 * (JSON Lines or CSV), read as it arrives; options in the query string. Operators only.
 */
export async function POST(req: Request) {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const requestId = requestIdOf(req);
  try {
    const { db, user } = await createRequestContext(requestId);
    const ctx = userCtx(db, requestId, user);
    if (!req.body) throw new ServiceError("validation", "empty_file", "The file holds no accounts.");
    const job = await uploadImportJob(ctx, uploadOptions(new URL(req.url)), req.body);
    return Response.json(job, { status: 201, headers: { "x-request-id": requestId, "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
