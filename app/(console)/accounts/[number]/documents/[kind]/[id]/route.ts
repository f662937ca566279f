import { createRequestContext } from "@/server/api/context";
import { ServiceError } from "@/server/errors";
import { errorResponse } from "@/server/rest/handler";
import { openAccountDocument } from "@/server/services/documents/open-document";
import { DOCUMENT_CSP, PDF_DOCUMENT_CSP } from "@/server/web/console-headers";

type Params = { params: Promise<{ number: string; kind: string; id: string }> };

/** Opens an account's document for a signed-in console user of the account's organisation. */
export async function GET(req: Request, { params }: Params) {
  const requestId = crypto.randomUUID();
  try {
    const { number, kind, id } = await params;
    const { db, user } = await createRequestContext(requestId);
    if (!user) throw new ServiceError("unauthorized", "authentication_required", "Sign in to open documents.");
    const index = new URL(req.url).searchParams.get("index") ?? "0";
    const doc = await openAccountDocument(
      {
        db,
        requestId,
        actor: {
          kind: "user",
          organisationId: user.organisationId,
          userId: user.id,
          role: user.role,
          email: user.email,
        },
      },
      // Next hands the segments over already decoded.
      { accountNumber: number, kind: kind as "note", id, index },
    );
    return new Response(doc.body, {
      headers: {
        "content-type": doc.contentType,
        "content-disposition": `inline; filename="${doc.filename.replace(/[^\w.-]/g, "_")}"`,
        ...(doc.size !== undefined ? { "content-length": String(doc.size) } : {}),
        // Documents come from migration sources: never let one run script in the console's origin.
        "content-security-policy": doc.contentType === "application/pdf" ? PDF_DOCUMENT_CSP : DOCUMENT_CSP,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
        "x-request-id": requestId,
      },
    });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
