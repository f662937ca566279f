import { and, eq, inArray, not, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, agreements, importSuppliers, meterPoints } from "@/db/schema";
import { type FieldError, fieldError } from "../../errors";
import { type Period, overlaps, periodOf } from "./agreement-periods";
import type { StageAccountInput } from "./account-schemas";
import { meterPointsOf } from "./rules/supply-rules";

/** Second key is hashtext(mpxn): imports touching one meter point check and insert one at a time. */
export const METER_POINT_LOCK = 727_274_003;

type Use = { mpxn: string; path: (string | number)[]; periods: Period[] };
export type Held = { mpxn: string; accountNumber: string; validFrom: Date; validTo: Date | null };

export function usesOf(input: Pick<StageAccountInput, "supply_addresses">): Use[] {
  return meterPointsOf(input).map(({ point, path }) => ({ mpxn: point.identifier, path: [...path, "identifier"], periods: (point.agreements ?? []).map(periodOf) }));
}

/** Serialises imports that share a meter point (hash order, so two imports cannot deadlock). */
export async function lockMeterPoints(tx: Db, input: Pick<StageAccountInput, "supply_addresses">) {
  const ids = [...new Set(usesOf(input).map((u) => u.mpxn))];
  if (!ids.length) return;
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(${METER_POINT_LOCK}, h))
    from (select distinct hashtext(m) as h from unnest(${sql.param(ids)}::text[]) as m order by 1) as k`);
}

/**
 * One `supply_point_on_another_account` per meter point that an imported account of the
 * same organisation already holds under an agreement overlapping one being staged: two
 * accounts would be supplied (and billed) for one meter at once. A former occupier's
 * account whose agreements ended earlier is no conflict; nor is the account itself.
 */
export async function meterPointConflictErrors(
  db: Db,
  organisationId: number,
  self: { supplierId: number },
  input: Pick<StageAccountInput, "external_account_number" | "supply_addresses">,
): Promise<FieldError[]> {
  const uses = usesOf(input);
  if (!uses.length) return [];
  const held = await db
    .select({ mpxn: meterPoints.mpxn, accountNumber: accounts.number, validFrom: agreements.validFrom, validTo: agreements.validTo })
    .from(agreements)
    .innerJoin(meterPoints, eq(meterPoints.id, agreements.meterPointId))
    .innerJoin(accounts, eq(accounts.id, agreements.accountId))
    .innerJoin(importSuppliers, eq(importSuppliers.id, accounts.supplierId))
    .where(
      and(
        eq(importSuppliers.organisationId, organisationId),
        inArray(meterPoints.mpxn, [...new Set(uses.map((u) => u.mpxn))]),
        // The account's own rows (re-staging an imported account) are answered as already imported.
        not(and(eq(accounts.supplierId, self.supplierId), eq(accounts.externalAccountNumber, input.external_account_number ?? ""))!),
      ),
    );
  return conflictErrorsFrom(uses, held);
}

/** The conflicts between the meter points being staged and the agreements `held` on other accounts. */
export function conflictErrorsFrom(uses: Use[], held: Held[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const u of uses) {
    const clash = held.find(
      (h) => h.mpxn === u.mpxn && u.periods.some((p) => overlaps(p, { from: h.validFrom.getTime(), to: h.validTo?.getTime() ?? Number.POSITIVE_INFINITY })),
    );
    if (clash) {
      errors.push(fieldError(u.path, "supply_point_on_another_account", `Meter point ${u.mpxn} is supplied under account ${clash.accountNumber} for part of the agreement period.`));
    }
  }
  return errors;
}
