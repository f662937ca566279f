import { sql } from "drizzle-orm";

/**
 * The platform's figures for the cohort's accounts beside the control file's, one row per account
 * per check run (ADR 0417), set-based: each figure is one grouped scan of its table over the
 * cohort's imported accounts. Values are text as the console shows them; an empty set is ''.
 * `presence` rows are the accounts on one side only.
 */
export function reconciliationRows(cohortId: number) {
  return sql`
    with m as (
      select m.external_account_number as ext, a.id as account_id, a.number, a.transfer_balance
      from cohort_members m left join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number
      where m.cohort_id = ${cohortId}),
    c as (select * from cohort_control_rows where cohort_id = ${cohortId}),
    pair as materialized (
      select c.external_account_number as ext, c.checks, c.closing_balance_pence, c.meter_points, c.payment_reference, c.statement_count, c.last_readings,
             m.account_id, m.number, m.transfer_balance
      from c join m on m.ext = c.external_account_number where m.account_id is not null),
    ids as materialized (select account_id from pair),
    bal as (
      select t.account_id, sum(case when t.type in ('CREDIT', 'PAYMENT') then t.amount else -t.amount end) as total
      from transactions t where t.account_id in (select account_id from ids) group by t.account_id),
    mp as (
      select p.account_id, string_agg(p.mpxn, '; ' order by p.mpxn) as v
      from meter_points p where p.account_id in (select account_id from ids) group by p.account_id),
    mt as (
      select p.account_id, string_agg(p.mpxn || '=' || (x->>'serial_number'), '; ' order by p.mpxn, x->>'serial_number') as v
      from meter_points p cross join jsonb_array_elements(p.meters) x
      where p.account_id in (select account_id from ids) and x->>'removed_on' is null group by p.account_id),
    pay as (select account_id, reference from payment_instructions where status = 'active' and account_id in (select account_id from ids)),
    st as (select account_id, count(*) as n from historical_statements where account_id in (select account_id from ids) group by account_id),
    rd as (
      select l.account_id, string_agg(l.serial || case when l.register = '' then '' else '/' || l.register end || '=' || trim_scale(l.value)::text || '@' || l.day::text, '; ' order by l.serial, l.register) as v
      from (select distinct on (r.meter_point_id, r.meter_serial_number, r.register_id)
                   p.account_id, r.meter_serial_number as serial, r.register_id as register, r.reading_value as value, r.reading_date as day
            from meter_readings r join meter_points p on p.id = r.meter_point_id
            where p.account_id in (select account_id from ids)
            order by r.meter_point_id, r.meter_serial_number, r.register_id, r.reading_date desc, r.id desc) l
      group by l.account_id)
    select p.ext, k.name as chk, case when k.src is not distinct from k.plat then 'match' else 'mismatch' end as status, p.number, k.src, k.plat
    from pair p
      left join bal on bal.account_id = p.account_id
      left join mp on mp.account_id = p.account_id
      left join mt on mt.account_id = p.account_id
      left join pay on pay.account_id = p.account_id
      left join st on st.account_id = p.account_id
      left join rd on rd.account_id = p.account_id
      cross join lateral (values
        ('balance', p.closing_balance_pence::text, round(100 * (coalesce(p.transfer_balance, 0) + coalesce(bal.total, 0)))::bigint::text),
        ('meter_points', coalesce((select string_agg(e->>'mpxn', '; ' order by e->>'mpxn') from jsonb_array_elements(p.meter_points) e), ''), coalesce(mp.v, '')),
        ('meters', coalesce((select string_agg((e->>'mpxn') || '=' || ser.serial, '; ' order by e->>'mpxn', ser.serial) from jsonb_array_elements(p.meter_points) e cross join jsonb_array_elements_text(e->'meter_serials') as ser(serial)), ''), coalesce(mt.v, '')),
        ('payment', coalesce(p.payment_reference, ''), coalesce(pay.reference, '')),
        ('statements', p.statement_count::text, coalesce(st.n, 0)::text),
        ('readings', coalesce((select string_agg((e->>'meter_serial') || case when e->>'register' = '' then '' else '/' || (e->>'register') end || '=' || trim_scale((e->>'value')::numeric)::text || '@' || (e->>'date'), '; ' order by e->>'meter_serial', e->>'register') from jsonb_array_elements(p.last_readings) e), ''), coalesce(rd.v, ''))
      ) as k(name, src, plat)
    where k.name = any(p.checks)
    union all
    select c.external_account_number, 'presence', 'mismatch', null, 'in control file', case when m.ext is null then 'not in this cohort' else 'in cohort, not imported' end
    from c left join m on m.ext = c.external_account_number where m.account_id is null
    union all
    select m.ext, 'presence', 'mismatch', m.number, 'not in control file', 'imported'
    from m where m.account_id is not null and not exists (select 1 from c where c.external_account_number = m.ext)`;
}
