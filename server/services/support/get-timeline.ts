import { sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findOwnAccount } from "../accounts/find-own-account";
import { AccountNumber } from "../accounts/get-account";
import { trimAmount } from "../../lib/money";
import { balanceEffect } from "./balance-effect";

export const TIMELINE_KINDS = ["event", "note", "transaction", "import"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

const Cursor = z.string().regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-3]\|\d{1,19}$/, "Not a cursor this timeline issued.");

export const GetTimelineInput = z.strictObject({
  accountNumber: AccountNumber,
  cursor: Cursor.nullish(),
  direction: z.enum(["forward", "backward"]).optional(),
  limit: z.number().int().min(1).max(200).default(100),
});
export type GetTimelineInput = z.input<typeof GetTimelineInput>;

export type TimelineItem = {
  kind: TimelineKind;
  at: string;
  key: string;
  title: string;
  detail: string | null;
  amount: string | null;
  count: number;
  href: string;
};

/**
 * Everything that happened to an account in one list, newest first: its events (a fan-out
 * row is one item of `count` events), notes, transactions (at the start of their London
 * day) and its import's steps (staged, last updated, imported). At one instant the order is
 * events, notes, transactions, import steps. Each item links to where it is shown in full.
 */
export async function getTimeline(ctx: Ctx, raw: GetTimelineInput) {
  const organisationId = organisationOf(ctx);
  const input = GetTimelineInput.parse(raw);
  const { account, supplier } = await findOwnAccount(ctx.db, organisationId, input.accountNumber);
  const [at, rank, key] = input.cursor ? input.cursor.split("|") : [];
  if (at && Number.isNaN(Date.parse(at)))
    throw new ServiceError("validation", "invalid_cursor", "The page cursor is not valid; start from the first page.");
  const before = at ? sql`where (at, rank, key) < (${at}::timestamptz, ${Number(rank)}::int, ${key}::bigint)` : sql``;
  const rows = await execRows<{
    kind: TimelineKind;
    at: string | Date;
    rank: number;
    key: string | number;
    title: string;
    detail: string | null;
    count: number | string;
    amount: string | null;
    ref: string;
    at_text: string;
  }>(
    ctx.db,
    sql`select x.*, to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_text from (
          select 'event' as kind, e.occurred_at as at, 0 as rank, e.seq as key, e.type as title, null::text as detail,
            coalesce(cardinality(e.fanout_ids), 1) as count, null::text as amount, e.id::text as ref
          from events e where e.account_number = ${account.number}
          union all
          select 'note', n.created_at, 1, n.id::bigint, case when n.is_pinned then 'Pinned note' else 'Note' end, left(coalesce(n.body, n.document_paths->0->>'document_path'), 200), 1, null, n.id::text
          from notes n where n.account_id = ${account.id}
          union all
          select 'transaction', t.transaction_date::timestamp at time zone 'Europe/London', 2, t.id, t.type, coalesce(t.reason, t.payment_type), 1, t.amount::text, t.transaction_date::text
          from transactions t where t.account_id = ${account.id}
          union all
          select 'import', s.at, 3, p.id * 4 + s.step, s.title, null, 1, null, null
          from account_import_processes p,
            lateral (values (p.created_at, 0, 'Staged'), (case when p.updated_at > p.created_at then p.updated_at end, 1, 'Staging updated'), (p.imported_at, 2, 'Imported')) as s(at, step, title)
          where p.account_id = ${account.id} and s.at is not null
        ) x ${before}
        order by at desc, rank desc, key desc limit ${input.limit + 1}`,
  );
  const page = rows.slice(0, input.limit);
  const importHref = `/accounts/import/${encodeURIComponent(supplier.code)}/${encodeURIComponent(account.externalAccountNumber)}`;
  // Each item opens where it is shown in full: the event's own envelope (ADR 0410), the note, the ledger on the transaction's day.
  const hrefOf = (kind: TimelineKind, ref: string) =>
    kind === "event"
      ? `/events?account=${account.number}&event=${ref}`
      : kind === "note"
        ? `/accounts/${account.number}?tab=notes#note-${ref}`
        : kind === "transaction"
          ? `/accounts/${account.number}?tab=ledger&from=${ref}&to=${ref}`
          : importHref;
  const items: TimelineItem[] = page.map((r) => ({
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    key: String(r.key),
    title: r.title,
    detail: r.detail,
    /** A transaction's effect on the balance, credit positive (balance-effect.ts), as the ledger shows it. */
    amount: r.kind === "transaction" && r.amount ? balanceEffect(r.title, trimAmount(r.amount)) : null,
    count: Number(r.count),
    href: hrefOf(r.kind, r.ref),
  }));
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > input.limit && last ? `${last.at_text}|${last.rank}|${last.key}` : null };
}
