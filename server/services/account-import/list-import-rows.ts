import { and, count, eq, ilike, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { accountImportProcesses, accounts, IMPORT_PROCESS_STATUSES } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findSupplier } from "../suppliers/find-supplier";
import { SupplierCode } from "../suppliers/schemas";
import { CursorInput, decodeCursor, encodeCursor, likePrefix } from "../../lib/keyset";

export const IMPORT_ROW_SORTS = ["external_account_number", "created_at", "updated_at"] as const;

export const ListImportRowsInput = z
  .strictObject({
    importSupplier: SupplierCode,
    status: z.enum(IMPORT_PROCESS_STATUSES).optional(),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(IMPORT_ROW_SORTS).default("created_at"),
    direction: z.enum(["asc", "desc"]).default("desc"),
    /** The page after this cursor (a previous page's nextCursor)... */
    cursor: CursorInput,
    /** ...or the page before this one (a page's prevCursor), so a page can be linked to and stepped back from. */
    before: CursorInput,
    limit: z.number().int().min(1).max(1000).default(50),
  })
  .refine((i) => !(i.cursor && i.before), { message: "Give cursor or before, not both.", path: ["before"] });
export type ListImportRowsInput = z.input<typeof ListImportRowsInput>;

const p = accountImportProcesses;
const SORT_COLUMNS = {
  external_account_number: p.externalAccountNumber,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
} as const;

/**
 * A supplier's staged, imported and failed accounts: filtered, sorted and keyset-paged on the
 * server, both ways: `nextCursor` and `prevCursor` are null at the ends.
 */
export async function listImportRows(ctx: Ctx, raw: ListImportRowsInput) {
  const organisationId = organisationOf(ctx);
  const input = ListImportRowsInput.parse(raw);
  const supplier = await findSupplier(ctx.db, organisationId, input.importSupplier);
  const where: SQL[] = [eq(p.supplierId, supplier.id)];
  if (input.status) where.push(eq(p.status, input.status));
  if (input.search) where.push(ilike(p.externalAccountNumber, likePrefix(input.search)));
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(p)
    .where(and(...where));

  const column = SORT_COLUMNS[input.sort];
  const isText = input.sort === "external_account_number";
  const backwards = Boolean(input.before);
  const cursor = decodeCursor(input.before ?? input.cursor);
  // Stepping back reads the rows before the cursor in the opposite order, then turns them round.
  const ascending = (input.direction === "asc") !== backwards;
  if (cursor) {
    const value = isText ? sql`${cursor.v}` : sql`${cursor.v}::timestamptz`;
    where.push(
      ascending
        ? sql`(${column}, ${p.id}) > (${value}, ${cursor.id})`
        : sql`(${column}, ${p.id}) < (${value}, ${cursor.id})`,
    );
  }
  const order = ascending ? sql`${column} asc, ${p.id} asc` : sql`${column} desc, ${p.id} desc`;
  const rows = await ctx.db
    .select({ process: p, accountNumber: accounts.number, sortValue: sql<string>`${column}::text` })
    .from(p)
    .leftJoin(accounts, eq(accounts.id, p.accountId))
    .where(and(...where))
    .orderBy(order)
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  if (backwards) page.reverse();
  const cursorOf = (r: (typeof page)[number] | undefined) =>
    r ? encodeCursor({ v: r.sortValue, id: r.process.id }) : null;
  return {
    total,
    nextCursor: (backwards ? Boolean(cursor) : more) ? cursorOf(page[page.length - 1]) : null,
    prevCursor: (backwards ? more : Boolean(cursor)) ? cursorOf(page[0]) : null,
    items: page.map(({ process: r, accountNumber }) => ({
      id: r.id,
      externalAccountNumber: r.externalAccountNumber,
      status: r.status,
      accountNumber,
      billingName: typeof r.payload.billing_name === "string" ? r.payload.billing_name : null,
      errors: r.errors,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      importedAt: r.importedAt,
    })),
  };
}
