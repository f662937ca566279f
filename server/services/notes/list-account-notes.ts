import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { INT4 } from "@/db/limits";
import { notes } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findOwnAccount } from "../accounts/find-own-account";
import { AccountNumber } from "../accounts/get-account";
import { PageDirection } from "../../lib/keyset";

export const ListAccountNotesInput = z.strictObject({
  accountNumber: AccountNumber,
  /** The page number (tRPC infinite queries pass their page parameter as `cursor`). */
  cursor: z.number().int().min(0).max(INT4.max).nullish(),
  direction: PageDirection,
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListAccountNotesInput = z.input<typeof ListAccountNotesInput>;

/**
 * One account's notes, currently pinned first, then newest, paged on the server. Pages are
 * by offset because "pinned" depends on the clock (unpin_at), which a keyset cannot follow.
 */
export async function listAccountNotes(ctx: Ctx, raw: ListAccountNotesInput) {
  const organisationId = organisationOf(ctx);
  const input = ListAccountNotesInput.parse(raw);
  const { account } = await findOwnAccount(ctx.db, organisationId, input.accountNumber);
  const pinnedNow = sql<boolean>`(${notes.isPinned} and (${notes.unpinAt} is null or ${notes.unpinAt} > now()))`;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: notes.id,
        body: notes.body,
        documentPaths: notes.documentPaths,
        createdAt: notes.createdAt,
        isPinned: pinnedNow,
        unpinAt: notes.unpinAt,
        source: notes.source,
      })
      .from(notes)
      .where(eq(notes.accountId, account.id))
      .orderBy(desc(pinnedNow), desc(notes.createdAt), desc(notes.id))
      .limit(input.limit + 1)
      .offset((input.cursor ?? 0) * input.limit),
    ctx.db.select({ total: count() }).from(notes).where(eq(notes.accountId, account.id)),
  ]);
  return {
    total,
    items: rows
      .slice(0, input.limit)
      .map((n) => ({ ...n, documents: n.documentPaths.map((d, index) => ({ path: d.document_path, index })) })),
    nextCursor: rows.length > input.limit ? (input.cursor ?? 0) + 1 : null,
  };
}
