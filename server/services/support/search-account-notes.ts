import { sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf } from "../../context";
import { findOwnAccount } from "../accounts/find-own-account";
import { AccountNumber } from "../accounts/get-account";

export const SearchAccountNotesInput = z.strictObject({
  accountNumber: AccountNumber,
  query: z.string().trim().min(1, "Enter words to look for in the notes.").max(200),
  limit: z.number().int().min(1).max(200).default(50),
});
export type SearchAccountNotesInput = z.input<typeof SearchAccountNotesInput>;

/**
 * Full-text search over one account's notes (English stemming: "refunds" finds "refund"),
 * currently pinned notes first, then best match, then newest; each with the body's matching
 * words marked (ts_headline, between \u0001 and \u0002 so the console escapes the rest).
 */
export async function searchAccountNotes(ctx: Ctx, raw: SearchAccountNotesInput) {
  const organisationId = organisationOf(ctx);
  const input = SearchAccountNotesInput.parse(raw);
  const { account } = await findOwnAccount(ctx.db, organisationId, input.accountNumber);
  const rows = await execRows<{
    id: number;
    body: string | null;
    headline: string | null;
    created_at: string | Date;
    is_pinned: boolean;
    document_paths: { document_path: string }[];
    source: string;
  }>(
    ctx.db,
    sql`with q as (select websearch_to_tsquery('english', ${input.query}) as q)
        select n.id, n.body, n.created_at, n.document_paths, n.source,
          (n.is_pinned and (n.unpin_at is null or n.unpin_at > now())) as is_pinned,
          ts_headline('english', coalesce(n.body, ''), q.q, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', HighlightAll=true') as headline
        from notes n, q
        where n.account_id = ${account.id} and to_tsvector('english', coalesce(n.body, '')) @@ q.q
        order by 6 desc, ts_rank(to_tsvector('english', coalesce(n.body, '')), q.q) desc, n.created_at desc, n.id desc
        limit ${input.limit}`,
  );
  return rows.map((n) => ({
    id: Number(n.id),
    body: n.body,
    headline: n.headline,
    createdAt: new Date(n.created_at),
    isPinned: n.is_pinned,
    source: n.source,
    documents: n.document_paths.map((d, index) => ({ path: d.document_path, index })),
  }));
}
