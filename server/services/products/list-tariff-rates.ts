import { type SQL, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { RateType, TariffFuel } from "@/db/schema";
import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import { lookupCode, productNotFound } from "./get-product";
import { invalidPage, lastPage, pageParam, pageSize } from "./page-params";
import { type RatesQuery, parseQueryDateTime } from "./public-schemas";

export type ListTariffRatesInput = {
  product: string;
  tariff: string;
  fuel: TariffFuel;
  rateType: RateType;
  query: RatesQuery;
};

const UTC = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS"Z"'`);

/**
 * One page of a tariff's rates of one type overlapping [period_from, period_to), newest
 * first. One statement finds the tariff (it must belong to the product and fuel), counts
 * and renders the page as JSON text in PostgreSQL: numeric values go out exactly as stored.
 * An unknown product or tariff is reported before a bad `page`, as production's view does.
 */
export async function listTariffRates(ctx: Ctx, input: ListTariffRatesInput) {
  const from = parseQueryDateTime(input.query.period_from);
  const to = parseQueryDateTime(input.query.period_to);
  if (from && to && from >= to) {
    throw new ServiceError("validation", "invalid_query", "period_from must be earlier than period_to.", {
      errors: [
        {
          detail: "period_from must be earlier than period_to.",
          code: "start_date_later_than_end_date",
          attr: "period_to",
        },
      ],
    });
  }
  const size = pageSize(input.query.page_size);
  const requested = pageParam(input.query.page);
  const product = lookupCode(input.product);
  const tariffId = sql`(select t.id from tariffs t join products p on p.id = t.product_id
    where t.code = ${lookupCode(input.tariff)} and p.code = ${product} and t.fuel = ${input.fuel})`;
  const inPeriod = sql`r.tariff_id = ${tariffId} and r.rate_type = ${input.rateType}
    ${from ? sql`and (r.valid_to is null or r.valid_to > ${from.toISOString()}::timestamptz)` : sql``}
    ${to ? sql`and r.valid_from < ${to.toISOString()}::timestamptz` : sql``}`;
  const page = requested === "last" ? lastPage(await countRates(ctx, inPeriod), size) : (requested ?? 1);
  const [row] = await execRows<{
    product_exists: boolean;
    registers: number | null;
    version: string | null;
    total: number;
    results: string;
  }>(
    ctx.db,
    sql`with t as (
          select t.id, t.registers from tariffs t where t.id = ${tariffId}
        ),
        page as (
          select r.id, r.value_exc_vat, r.value_inc_vat, r.valid_from, r.valid_to, r.payment_method, count(*) over () as total
          from tariff_rates r
          where ${inPeriod}
          order by r.valid_from desc, r.payment_method nulls first, r.id desc
          limit ${size} offset ${(page - 1) * size}
        )
        select exists(select 1 from products where code = ${product}) as product_exists,
          (select registers from t) as registers,
          (select version::text from product_catalogue_state where id = 1) as version,
          coalesce((select max(total) from page), 0)::int as total,
          coalesce((select string_agg(
            '{"value_exc_vat":' || trim_scale(value_exc_vat)::text ||
            ',"value_inc_vat":' || trim_scale(value_inc_vat)::text ||
            ',"valid_from":"' || to_char(valid_from at time zone 'UTC', ${UTC}) ||
            '","valid_to":' || coalesce('"' || to_char(valid_to at time zone 'UTC', ${UTC}) || '"', 'null') ||
            ',"payment_method":' || coalesce('"' || payment_method || '"', 'null') || '}',
            ',' order by valid_from desc, payment_method nulls first, id desc) from page), '') as results`,
  );
  if (!row.product_exists) throw productNotFound(input.product);
  if (row.registers === null) {
    throw new ServiceError(
      "not_found",
      "tariff_not_found",
      `Product '${input.product}' has no ${input.fuel} tariff '${input.tariff}'.`,
    );
  }
  const registers = Number(row.registers);
  const applies =
    input.rateType === "standing_charge" ||
    (registers === 2 ? input.rateType !== "standard_unit_rate" : input.rateType === "standard_unit_rate");
  if (!applies) {
    const hint = registers === 2 ? "use day-unit-rates or night-unit-rates" : "use standard-unit-rates";
    throw new ServiceError(
      "not_found",
      "rate_type_not_applicable",
      `${input.tariff} is a ${registers === 2 ? "dual" : "single"}-register tariff: ${hint}.`,
    );
  }
  if (requested === null) throw invalidPage("not_a_page");
  if (!row.results && page > 1) throw invalidPage();
  return { count: Number(row.total), page, size, resultsJson: `[${row.results}]`, version: row.version };
}

async function countRates(ctx: Ctx, inPeriod: SQL): Promise<number> {
  const [row] = await execRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from tariff_rates r where ${inPeriod}`,
  );
  return Number(row.n);
}
