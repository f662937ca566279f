import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { ServiceError, fieldError } from "../../errors";
import { RATE_LISTS, type RateList, type ProductsFile } from "./schemas";

type Counts = { created: number; updated: number; unchanged: number; deleted: number };

/** Where each rate came from in the file, so a database-side overlap points at the input. */
type Origin = Map<string, string>;
const originKey = (tariffId: number, rateType: string, pm: string | null, validFrom: Date) =>
  `${tariffId}|${rateType}|${pm ?? ""}|${validFrom.getTime()}`;

/**
 * Upserts every rate of the file in one statement keyed on (tariff, type, payment method,
 * valid_from). With `replace`, rates of the file's tariffs that the file no longer lists
 * are deleted, so a corrected file can remove a wrong rate.
 */
export async function upsertRates(
  tx: Db,
  file: ProductsFile,
  tariffIds: Map<string, number>,
  replace: boolean,
): Promise<{ counts: Counts; origin: Origin }> {
  const rows: { t: number; k: string; pm: string | null; x: string; i: string; f: string; u: string | null }[] = [];
  const origin: Origin = new Map();
  file.products.forEach((p, i) =>
    p.tariffs.forEach((t, j) => {
      const id = tariffIds.get(t.code)!;
      for (const list of Object.keys(RATE_LISTS) as RateList[]) {
        t[list].forEach((r, k) => {
          const type = RATE_LISTS[list];
          rows.push({
            t: id,
            k: type,
            pm: r.payment_method,
            x: r.value_exc_vat,
            i: r.value_inc_vat,
            f: r.valid_from.toISOString(),
            u: r.valid_to?.toISOString() ?? null,
          });
          origin.set(originKey(id, type, r.payment_method, r.valid_from), `products.${i}.tariffs.${j}.${list}.${k}`);
        });
      }
    }),
  );
  const ids = JSON.stringify([...tariffIds.values()]);
  const [res] = await execRows<{ created: number; updated: number; deleted: number }>(
    tx,
    sql`with incoming as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(t int, k text, pm text, x numeric(12,6), i numeric(12,6), f timestamptz, u timestamptz)
        ),
        upd as (
          update tariff_rates r set value_exc_vat = n.x, value_inc_vat = n.i, valid_to = n.u
          from incoming n
          where r.tariff_id = n.t and r.rate_type = n.k and r.payment_method is not distinct from n.pm and r.valid_from = n.f
            and (r.value_exc_vat, r.value_inc_vat, r.valid_to) is distinct from (n.x, n.i, n.u)
          returning 1
        ),
        ins as (
          insert into tariff_rates (tariff_id, rate_type, payment_method, value_exc_vat, value_inc_vat, valid_from, valid_to)
          select n.t, n.k, n.pm, n.x, n.i, n.f, n.u from incoming n
          where not exists (
            select 1 from tariff_rates r
            where r.tariff_id = n.t and r.rate_type = n.k and r.payment_method is not distinct from n.pm and r.valid_from = n.f
          )
          returning 1
        ),
        del as (
          delete from tariff_rates r
          where ${replace}::boolean and r.tariff_id in (select value::int from jsonb_array_elements_text(${ids}::jsonb))
            and not exists (
              select 1 from incoming n
              where r.tariff_id = n.t and r.rate_type = n.k and r.payment_method is not distinct from n.pm and r.valid_from = n.f
            )
          returning 1
        )
        select (select count(*) from ins)::int as created, (select count(*) from upd)::int as updated, (select count(*) from del)::int as deleted`,
  );
  const counts = {
    created: Number(res.created),
    updated: Number(res.updated),
    deleted: Number(res.deleted),
    unchanged: 0,
  };
  counts.unchanged = rows.length - counts.created - counts.updated;
  return { counts, origin };
}

type Overlap = {
  tariff_id: number;
  code: string;
  rate_type: string;
  payment_method: string | null;
  prev_pm: string | null;
  f: string;
  u: string | null;
  pf: string;
  pt: string | null;
};
const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::bigint::text`);

/**
 * Rates of one tariff, type and payment method must not overlap, counting rates already
 * stored (a file may add to them). Sorted by start, any overlap shows between neighbours.
 */
export async function assertNoOverlaps(tx: Db, tariffIds: number[], origin: Origin) {
  if (!tariffIds.length) return;
  const rows = await execRows<Overlap>(
    tx,
    sql`with g as (
          select t.id as tariff_id, pm from tariffs t
          cross join lateral unnest(array['']::text[] || t.payment_methods::text[]) as pm
          where t.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(tariffIds)}::jsonb))
        ),
        s as (
          select g.tariff_id, g.pm, r.rate_type, r.id, r.valid_from, r.valid_to, r.payment_method,
            lag(r.id) over w as prev_id, lag(r.valid_from) over w as prev_from, lag(r.valid_to) over w as prev_to,
            lag(r.payment_method) over w as prev_pm
          from g join tariff_rates r on r.tariff_id = g.tariff_id and (r.payment_method is null or r.payment_method = g.pm)
          window w as (partition by g.tariff_id, g.pm, r.rate_type order by r.valid_from, r.id)
        )
        select s.tariff_id, t.code, s.rate_type, s.payment_method, s.prev_pm,
          ${ms("s.valid_from")} as f, ${ms("s.valid_to")} as u, ${ms("s.prev_from")} as pf, ${ms("s.prev_to")} as pt
        from s join tariffs t on t.id = s.tariff_id
        where s.prev_id is not null and (s.prev_to is null or s.prev_to > s.valid_from)
        order by t.code, s.rate_type, s.valid_from
        limit 20`,
  );
  if (!rows.length) return;
  const iso = (v: string | null) => (v === null ? "open" : new Date(Number(v)).toISOString());
  const errors = rows.map((r) => {
    const attr =
      origin.get(originKey(Number(r.tariff_id), r.rate_type, r.payment_method, new Date(Number(r.f)))) ?? null;
    const detail =
      `${r.code} ${r.rate_type} ${iso(r.f)}–${iso(r.u)} (${r.payment_method ?? "any payment method"}) overlaps the stored rate ` +
      `${iso(r.pf)}–${iso(r.pt)} (${r.prev_pm ?? "any payment method"}); close the earlier rate or load with --replace-rates.`;
    return fieldError(attr ? `${attr}.valid_from` : null, "overlapping_rate_period", detail);
  });
  throw new ServiceError("validation", "invalid_products_file", "Rates would overlap rates already loaded.", {
    errors,
  });
}
