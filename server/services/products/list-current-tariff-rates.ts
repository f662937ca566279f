import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { tariffs } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";

export const ListTariffRatesInput = z.strictObject({ tariffCode: z.string().trim().min(1).max(64) });
export type ListTariffRatesInput = z.input<typeof ListTariffRatesInput>;

type RateRow = {
  rate_type: string;
  payment_method: string | null;
  value_exc_vat: string;
  value_inc_vat: string;
  valid_from: Date;
  valid_to: Date | null;
};

/** The rates of one tariff in force now (the newest started of each type and payment method, not yet ended). */
export async function listTariffRates(ctx: Ctx, raw: ListTariffRatesInput) {
  const input = ListTariffRatesInput.parse(raw);
  const [tariff] = await ctx.db
    .select({ id: tariffs.id, code: tariffs.code })
    .from(tariffs)
    .where(eq(tariffs.code, input.tariffCode.toUpperCase()));
  if (!tariff)
    throw new ServiceError("not_found", "tariff_not_found", `No tariff ${input.tariffCode} in the catalogue.`);
  const rows = await execRows<RateRow>(
    ctx.db,
    sql`select * from (
          select distinct on (rate_type, coalesce(payment_method, ''))
            rate_type, payment_method, value_exc_vat::text, value_inc_vat::text, valid_from, valid_to
          from tariff_rates
          where tariff_id = ${tariff.id} and valid_from <= now()
          order by rate_type, coalesce(payment_method, ''), valid_from desc
        ) newest
        where valid_to is null or valid_to > now()`,
  );
  return {
    tariffCode: tariff.code,
    rates: rows.map((r) => ({
      type: r.rate_type,
      paymentMethod: r.payment_method,
      excVat: r.value_exc_vat,
      incVat: r.value_inc_vat,
      validFrom: new Date(r.valid_from),
      validTo: r.valid_to ? new Date(r.valid_to) : null,
    })),
  };
}
