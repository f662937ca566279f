import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { addDays, isoSeconds, londonMidnight, londonToday } from "../../lib/time";
import type { GraphTariff } from "./load-account-graph";

/** The longest window one `unitRates` call lists: a month of half hours is ~1,500 rates. */
export const MAX_UNIT_RATE_DAYS = 31;

export type UnitRate = { validFrom: string; validTo: string | null; value: number; preVatValue: number };

/**
 * A HalfHourlyTariff's unit rates (direct debit prices, the tariff's own where it has them) whose
 * periods overlap [from, to), within the agreement: by default today and tomorrow, London days
 * (what a half-hourly tariff has published). A window longer than MAX_UNIT_RATE_DAYS is refused.
 */
export async function halfHourlyUnitRates(
  ctx: Ctx,
  tariff: GraphTariff,
  window: { from?: Date | null; to?: Date | null },
): Promise<UnitRate[]> {
  const today = londonToday();
  let from = window.from ?? londonMidnight(today);
  let to = window.to ?? (window.from ? new Date(from.getTime() + 2 * 86_400_000) : londonMidnight(addDays(today, 2)));
  if (to.getTime() - from.getTime() > MAX_UNIT_RATE_DAYS * 86_400_000) {
    throw new ServiceError(
      "validation",
      "unit_rates_window_too_long",
      `unitRates lists at most ${MAX_UNIT_RATE_DAYS} days of rates; ask for a shorter window (from, to).`,
    );
  }
  const agreementFrom = new Date(tariff.agreementFrom);
  if (from < agreementFrom) from = agreementFrom;
  if (tariff.agreementTo !== null && to > new Date(tariff.agreementTo)) to = new Date(tariff.agreementTo);
  if (tariff.tariffId === null || to <= from) return [];
  const rows = await execRows<{
    valid_from: Date | string;
    valid_to: Date | string | null;
    value_inc_vat: string;
    value_exc_vat: string;
  }>(
    ctx.db,
    sql`select distinct on (valid_from) valid_from, valid_to, value_inc_vat::text, value_exc_vat::text
        from tariff_rates
        where tariff_id = ${tariff.tariffId} and rate_type = 'standard_unit_rate'
          and (payment_method is null or payment_method = 'DIRECT_DEBIT')
          and valid_from < ${to.toISOString()}::timestamptz and (valid_to is null or valid_to > ${from.toISOString()}::timestamptz)
        order by valid_from, payment_method nulls last`,
  );
  return rows.map((r) => ({
    validFrom: isoSeconds(new Date(r.valid_from)),
    validTo: r.valid_to === null ? null : isoSeconds(new Date(r.valid_to)),
    value: Number(r.value_inc_vat),
    preVatValue: Number(r.value_exc_vat),
  }));
}
