import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { accountImportProcesses as p } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { addDays, formatLondonDate } from "../../lib/time";
import { findSupplier } from "./find-supplier";
import { SupplierCode } from "./schemas";

export const ImportActivityInput = z.strictObject({
  importSupplier: SupplierCode,
  days: z.number().int().min(7).max(366).default(30),
});
export type ImportActivityInput = z.input<typeof ImportActivityInput>;

const londonDay = (col: unknown) => sql<string>`((${col}) at time zone 'Europe/London')::date::text`;

/** Per London day: accounts first staged, imported and (still) failed, for the imports chart. */
export async function importActivity(ctx: Ctx, raw: ImportActivityInput) {
  const organisationId = organisationOf(ctx);
  const input = ImportActivityInput.parse(raw);
  const supplier = await findSupplier(ctx.db, organisationId, input.importSupplier);
  const today = formatLondonDate(new Date());
  const first = addDays(today, -(input.days - 1));
  const since = new Date(Date.parse(`${first}T00:00:00Z`) - 36 * 3600 * 1000);
  const series = async (
    col: typeof p.createdAt | typeof p.importedAt | typeof p.updatedAt,
    extra?: ReturnType<typeof eq>,
  ) => {
    const day = londonDay(col);
    const rows = await ctx.db
      .select({ day, n: sql<number>`count(*)`.mapWith(Number) })
      .from(p)
      .where(and(eq(p.supplierId, supplier.id), isNotNull(col), gte(col, since), extra))
      .groupBy(day);
    return new Map(rows.map((r) => [r.day, r.n]));
  };
  const [staged, imported, failed] = await Promise.all([
    series(p.createdAt),
    series(p.importedAt),
    series(p.updatedAt, eq(p.status, "failed")),
  ]);
  const days = Array.from({ length: input.days }, (_, i) => addDays(first, i));
  return days.map((day) => ({
    day,
    staged: staged.get(day) ?? 0,
    imported: imported.get(day) ?? 0,
    failed: failed.get(day) ?? 0,
  }));
}
