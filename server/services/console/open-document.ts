import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { historicalStatements, notes } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { logger } from "../../logger";
import { s3Client } from "../documents/s3";
import { AccountNumber, findOwnAccount } from "./get-account";

export const OpenDocumentInput = z.strictObject({
  accountNumber: AccountNumber,
  kind: z.enum(["note", "statement"]),
  id: z.coerce.number().int().positive(),
  index: z.coerce.number().int().min(0).default(0),
});
export type OpenDocumentInput = z.input<typeof OpenDocumentInput>;

export type OpenedDocument = { body: ReadableStream<Uint8Array>; contentType: string; filename: string; size?: number };

const TYPES: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".txt": "text/plain; charset=utf-8", ".csv": "text/csv; charset=utf-8" };

const missing = () => new ServiceError("not_found", "document_not_found", "No such document on this account.");

/** Streams a note's attachment or a historical statement's PDF from the supplier's document store. */
export async function openAccountDocument(ctx: Ctx, raw: OpenDocumentInput): Promise<OpenedDocument> {
  const organisationId = organisationOf(ctx);
  const input = OpenDocumentInput.parse(raw);
  const { account } = await findOwnAccount(ctx.db, organisationId, input.accountNumber);
  let location: string | null | undefined;
  if (input.kind === "note") {
    const [note] = await ctx.db.select({ docs: notes.documentPaths }).from(notes).where(and(eq(notes.id, input.id), eq(notes.accountId, account.id)));
    location = note?.docs[input.index]?.location;
  } else {
    const [s] = await ctx.db
      .select({ location: historicalStatements.documentLocation })
      .from(historicalStatements)
      .where(and(eq(historicalStatements.id, input.id), eq(historicalStatements.accountId, account.id)));
    location = s?.location;
  }
  if (!location) throw missing();
  const filename = decodeURIComponent(location.split("/").pop() || "document");
  const contentType = TYPES[path.extname(filename).toLowerCase()] ?? "application/octet-stream";
  return { ...(await readLocation(location)), contentType, filename };
}

async function readLocation(location: string): Promise<{ body: ReadableStream<Uint8Array>; size?: number }> {
  try {
    if (location.startsWith("file://")) {
      const file = decodeURIComponent(new URL(location).pathname);
      const info = await stat(file);
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    }
    const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(location);
    if (!m) throw missing();
    const out = await s3Client().send(new GetObjectCommand({ Bucket: m[1], Key: m[2] }));
    if (!out.Body) throw missing();
    return { body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: out.ContentLength };
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name;
    if (code === "ENOENT" || code === "NoSuchKey" || code === "NotFound") throw new ServiceError("not_found", "document_not_found", "The document is no longer in the document store.");
    logger.error("document read failed", { location, err });
    throw new ServiceError("upstream_unavailable", "document_store_unavailable", "The document store could not be reached; try again shortly.");
  }
}
