import path from "node:path";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { historicalStatements, notes } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { INT4 } from "@/db/limits";
import { ServiceError, parseOrThrow } from "../../errors";
import { ownedRoots } from "./claim-root";
import { readDocument } from "./store";
import { findOwnAccount } from "../accounts/find-own-account";
import { AccountNumber } from "../accounts/get-account";

/** The route's path and query as text: a whole number in the id column's range, an index from 0. */
const WholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, "Give a whole number.")
    .transform(Number)
    .pipe(z.number().int().max(max));

export const OpenDocumentInput = z.strictObject({
  accountNumber: AccountNumber,
  kind: z.enum(["note", "statement"]),
  id: z.union([z.number(), WholeNumber(INT4.max)]).pipe(z.number().int().min(1).max(INT4.max)),
  index: z
    .union([z.number(), WholeNumber(10_000)])
    .pipe(z.number().int().min(0).max(10_000))
    .default(0),
});
export type OpenDocumentInput = z.input<typeof OpenDocumentInput>;

export type OpenedDocument = { body: ReadableStream<Uint8Array>; contentType: string; filename: string; size?: number };

const TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
};

const missing = () => new ServiceError("not_found", "document_not_found", "No such document on this account.");

/** Streams a note's attachment or a historical statement's PDF from the supplier's document store. */
export async function openAccountDocument(ctx: Ctx, raw: OpenDocumentInput): Promise<OpenedDocument> {
  const organisationId = organisationOf(ctx);
  // An unknown kind is a path no route serves; a malformed id or index is a bad request.
  if (raw.kind !== "note" && raw.kind !== "statement") throw missing();
  const input = parseOrThrow(OpenDocumentInput, raw);
  const { account } = await findOwnAccount(ctx.db, organisationId, input.accountNumber);
  let location: string | null | undefined;
  if (input.kind === "note") {
    const [note] = await ctx.db
      .select({ docs: notes.documentPaths })
      .from(notes)
      .where(and(eq(notes.id, input.id), eq(notes.accountId, account.id)));
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
  // Served only from a root the account's organisation owns, whatever the row says (ADR 0106).
  return { ...(await readDocument(location, await ownedRoots(ctx.db, organisationId))), contentType, filename };
}
