import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { type Ctx, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { isoSeconds } from "../../lib/time";
import { findReadableAccount } from "./readable-account";

/** The longest period one call covers: a month of half hours (Agile) is ~1,500 rates. */
export const MAX_APPLICABLE_RATE_DAYS = 31;

export type ApplicableRate = { value: string; validFrom: string; validTo: string };
export type ApplicableRatesPage = {
  edges: { node: ApplicableRate; cursor: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
  edgeCount: number;
};
export type ApplicableRatesInput = {
  accountNumber: string;
  mpxn: string;
  startAt: Date;
  endAt: Date;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
};

/**
 * Production's `applicableRates`: the unit rates (pence per kWh including VAT, direct debit prices
 * where the tariff's differ) that apply to one meter point of a readable account over
 * [startAt, endAt), from the tariff of each agreement in force then, each period cut to the
 * agreement and the window; oldest first, as a Relay connection (`first`/`after`, `last`/`before`,
 * Graphene's `arrayconnection:<n>` cursors). A meter point that is not the account's reads as
 * missing (KT-CT-1111, as another customer's account does). Dual-register tariffs answer their
 * day rate: the catalogue does not say when each register applies.
 */
export async function listApplicableRates(ctx: Ctx, input: ApplicableRatesInput): Promise<ApplicableRatesPage> {
  const { startAt, endAt } = input;
  if (!(endAt > startAt)) throw new ServiceError("validation", "invalid_period", "endAt must be after startAt.");
  if (endAt.getTime() - startAt.getTime() > MAX_APPLICABLE_RATE_DAYS * 86_400_000) {
    throw new ServiceError(
      "validation",
      "applicable_rates_period_too_long",
      `applicableRates covers at most ${MAX_APPLICABLE_RATE_DAYS} days; ask for a shorter period.`,
    );
  }
  for (const [name, n] of [
    ["first", input.first],
    ["last", input.last],
  ] as const) {
    if (n != null && n < 0) throw new ServiceError("validation", "invalid_page_size", `${name} must not be negative.`);
  }
  const all = await withTransaction(ctx, async (tx) => {
    const account = await findReadableAccount(tx, ctx, input.accountNumber);
    const [point] = await execRows<{ id: number }>(
      tx,
      sql`select id from meter_points where account_id = ${account.id} and mpxn = ${input.mpxn.trim()}`,
    );
    if (!point)
      throw new ServiceError(
        "not_found",
        "meter_point_not_found",
        `Meter point ${input.mpxn} is not on account ${account.number}.`,
      );
    const rows = await execRows<{ valid_from: Date | string; valid_to: Date | string; value: string }>(
      tx,
      sql`with periods as (
            select t.id as tariff_id,
                   greatest(ag.valid_from, ${startAt.toISOString()}::timestamptz) as p_from,
                   least(coalesce(ag.valid_to, 'infinity'::timestamptz), ${endAt.toISOString()}::timestamptz) as p_to,
                   case when exists (select 1 from tariff_rates x where x.tariff_id = t.id and x.rate_type = 'standard_unit_rate') then 'standard_unit_rate' else 'day_unit_rate' end as rate_type
            from agreements ag join tariffs t on t.code = ag.tariff_code
            where ag.meter_point_id = ${point.id} and ag.valid_from < ${endAt.toISOString()}::timestamptz and (ag.valid_to is null or ag.valid_to > ${startAt.toISOString()}::timestamptz)
          )
          select greatest(r.valid_from, p.p_from) as valid_from, least(coalesce(r.valid_to, 'infinity'::timestamptz), p.p_to) as valid_to, r.value_inc_vat::text as value
          from periods p
          cross join lateral (
            select distinct on (tr.valid_from) tr.valid_from, tr.valid_to, tr.value_inc_vat
            from tariff_rates tr
            where tr.tariff_id = p.tariff_id and tr.rate_type = p.rate_type and (tr.payment_method is null or tr.payment_method = 'DIRECT_DEBIT')
              and tr.valid_from < p.p_to and (tr.valid_to is null or tr.valid_to > p.p_from)
            order by tr.valid_from, tr.payment_method nulls last
          ) r
          order by 1`,
    );
    return rows.map((r) => ({
      value: r.value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, ""),
      validFrom: isoSeconds(new Date(r.valid_from)),
      validTo: isoSeconds(new Date(r.valid_to)),
    }));
  });
  return connection(all, input);
}

const cursorOf = (i: number) => Buffer.from(`arrayconnection:${i}`).toString("base64");
function indexOf(cursor: string | null | undefined): number | null {
  if (cursor == null) return null;
  const m = /^arrayconnection:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!m) throw new ServiceError("validation", "invalid_cursor", "The cursor is not one this connection gave.");
  return Number(m[1]);
}

/** Relay paging over the whole list, as Graphene's connection field does. */
function connection(
  all: ApplicableRate[],
  page: Pick<ApplicableRatesInput, "first" | "after" | "last" | "before">,
): ApplicableRatesPage {
  const after = indexOf(page.after);
  const before = indexOf(page.before);
  let start = after === null ? 0 : Math.min(after + 1, all.length);
  let end = before === null ? all.length : Math.max(Math.min(before, all.length), start);
  if (page.first != null) end = Math.min(end, start + page.first);
  if (page.last != null) start = Math.max(start, end - page.last);
  const edges = all.slice(start, end).map((node, i) => ({ node, cursor: cursorOf(start + i) }));
  return {
    edges,
    // As Graphene answers: more after only when paging forward with `first`, before only with `last`.
    pageInfo: {
      hasNextPage: page.first != null && end < Math.min(before ?? all.length, all.length),
      hasPreviousPage: page.last != null && start > (after === null ? 0 : after + 1),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: all.length,
    edgeCount: edges.length,
  };
}
