import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { type ScaleSeed, seedScaleDatabase } from "./scale-template";

// Builds bench:scale's production-sized database with set-based SQL (never the REST routes):
// the seed (organisations, suppliers, one template account with its transactions, notes and
// events) is written by the app's services (scale-template.ts), then every table is filled by
// cloning the template's rows with generate_series, so rows look as the app writes them.
// A marker table (scale_build) records a finished build; a rerun at the same scale reuses it.

export const FULL = {
  accounts: 100_000,
  transactions: 5_000_000,
  events: 10_000_000,
  notes: 1_000_000,
  pending: 20_000,
};
/** Transactions of the five hot accounts (whatever the scale): the account page's worst case. */
export const HOT_TRANSACTIONS = [40_000, 20_000, 15_000, 12_000, 10_000];
const HOT_NOTES = 2_000;
const HOT_EVENTS = 20_000;
/** Share of an account's transactions sent with the account in batches of 100; the rest arrive one per request. */
const BATCH = 100;

export type ScaleInfo = ScaleSeed & {
  scale: number;
  sizes: typeof FULL;
  hot: { accountNumber: string; mpan: string; external: string };
  buildSeconds: number | null;
};

const hex8 = (n: number) => (0xb0000000 + n).toString(16).toUpperCase();
export const scaleAccountNumber = (n: number) => `A-${hex8(n)}`;
export const scaleExternal = (n: number) => `EXT-${String(n).padStart(7, "0")}`;
export const scaleMpan = (n: number) => `19${String(n).padStart(11, "0")}`;

function sizesFor(scale: number) {
  const r = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    accounts: Math.max(50, r(FULL.accounts)),
    transactions: r(FULL.transactions),
    events: r(FULL.events),
    notes: r(FULL.notes),
    pending: Math.max(500, r(FULL.pending)),
  };
}

/** Creates the database when missing; drops and recreates it when it holds another scale's or an unfinished build. */
async function prepareDatabase(url: string, scale: number): Promise<"reuse" | "build"> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = postgres(Object.assign(new URL(url), { pathname: "/postgres" }).toString(), {
    max: 1,
    onnotice: () => {},
  });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists) {
      const db = postgres(url, { max: 1, onnotice: () => {} });
      const marker = await db`select scale from scale_build where finished_at is not null`.catch(() => []);
      await db.end();
      if (marker.length && Number(marker[0].scale) === scale) return "reuse";
      await admin.unsafe(`drop database "${name}" with (force)`);
    }
    await admin.unsafe(`create database "${name}"`);
    return "build";
  } finally {
    await admin.end();
  }
}

/** Runs `fn` with the tables' secondary indexes and unique constraints dropped, then builds them again (faster than keeping them up row by row). */
async function withoutIndexes(sql: postgres.Sql, tables: string[], fn: () => Promise<void>) {
  const constraints = await sql<{ tbl: string; name: string; def: string }[]>`
    select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid::regclass::text = any(${tables}) and contype = 'u'`;
  const indexes = await sql<{ name: string; def: string }[]>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
    where i.indrelid::regclass::text = any(${tables}) and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
  for (const c of constraints) await sql.unsafe(`alter table ${c.tbl} drop constraint "${c.name}"`);
  for (const i of indexes) await sql.unsafe(`drop index ${i.name}`);
  await fn();
  for (const c of constraints) await sql.unsafe(`alter table ${c.tbl} add constraint "${c.name}" ${c.def}`);
  for (const i of indexes) await sql.unsafe(i.def);
}

async function step(label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The scale database at `url`, built unless a finished build of this scale is there. */
export async function ensureScaleDatabase(url: string, scale: number): Promise<ScaleInfo> {
  const sizes = sizesFor(scale);
  const mode = await prepareDatabase(url, scale);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    if (mode === "reuse") {
      const [row] = await sql`select info from scale_build`;
      const handle = await openDatabase({ url }); // runs migrations added since the build
      await handle.close();
      await sql`vacuum (analyze) event_pending`; // what earlier runs' relay phases left (autovacuum may be off)
      console.log(`reusing the scale database (built in ${Number(row.info.buildSeconds).toFixed(0)} s)`);
      return row.info as ScaleInfo;
    }
    const started = performance.now();
    console.log(`building the scale database (scale ${scale}: ${JSON.stringify(sizes)})...`);
    const handle = await openDatabase({ url });
    let seed: ScaleSeed;
    try {
      seed = await seedScaleDatabase(handle.db);
    } finally {
      await handle.close();
    }
    await sql`create table scale_build (scale numeric not null, started_at timestamptz not null default now(), finished_at timestamptz, info jsonb)`;
    await sql`insert into scale_build (scale) values (${scale})`;
    await fill(sql, seed, sizes);
    await step("vacuum analyze", () => sql`vacuum (analyze)`);
    const buildSeconds = (performance.now() - started) / 1000;
    const info: ScaleInfo = {
      ...seed,
      scale,
      sizes,
      hot: { accountNumber: scaleAccountNumber(1), mpan: scaleMpan(1), external: scaleExternal(1) },
      buildSeconds,
    };
    await sql`update scale_build set finished_at = now(), info = ${sql.json(info as never)}`;
    console.log(`built in ${buildSeconds.toFixed(0)} s`);
    return info;
  } finally {
    await sql.end();
  }
}

async function fill(sql: postgres.Sql, seed: ScaleSeed, sizes: ReturnType<typeof sizesFor>) {
  await sql`set session_replication_role = replica`; // no triggers, no FK checks: the rows are made consistent here
  await sql`set synchronous_commit = off`;
  await sql`set maintenance_work_mem = '512MB'`;
  await sql`set work_mem = '256MB'`;
  const A = sizes.accounts;
  const tpl = seed.template.accountId;
  const suppliers = `array[${seed.suppliers.map((s) => s.id).join(",")}]`;
  const orgs = `array[${seed.suppliers.map((s) => s.organisationId).join(",")}]`;
  const sup = (n: string) => `(${suppliers})[1 + (${n} - 1) % ${seed.suppliers.length}]`;
  const org = (n: string) => `(${orgs})[1 + (${n} - 1) % ${seed.suppliers.length}]`;
  const num = (n: string) => `'A-' || upper(to_hex(${0xb0000000}::bigint + ${n}))`;
  const ext = (n: string) => `'EXT-' || lpad(${n}::text, 7, '0')`;
  const mpan = (n: string) => `'19' || lpad(${n}::text, 11, '0')`;
  const mprn = (n: string) => `'8' || lpad(${n}::text, 9, '0')`;
  // The year the data spans; account n is imported within its first quarter, in order.
  const t0 = `(now() - interval '365 days')`;
  const imp = (n: string) => `(${t0} + (${n}::float8 / ${A}) * interval '91 days')`;
  const spread = (n: string, k: string, c: string) =>
    `(${imp(n)} + (now() - interval '1 hour' - ${imp(n)}) * ((${k} + 0.5) / greatest(${c}, 1)))`;
  const hotTx = HOT_TRANSACTIONS.slice(0, Math.min(5, A - 1));
  const hotSum = hotTx.reduce((a, b) => a + b, 0);
  const perTx = Math.max(0, Math.floor((sizes.transactions - hotSum) / (A - hotTx.length)));
  const txCount = (n: string) =>
    `(case ${hotTx.map((c, i) => `when ${n} = ${i + 1} then ${c}`).join(" ")} else ${perTx} end)`;
  const txOff = (n: string) =>
    `(case ${hotTx.map((_, i) => `when ${n} = ${i + 1} then ${hotTx.slice(0, i).reduce((a, b) => a + b, 0)}`).join(" ")} else ${hotSum} + (${n} - ${hotTx.length + 1})::bigint * ${perTx} end)`;
  const initial = (n: string) => `(${txCount(n)} / 2)`;
  const perNote = Math.max(0, Math.floor((sizes.notes - HOT_NOTES * hotTx.length) / (A - hotTx.length)));
  const noteOff = (n: string) =>
    `(case when ${n} <= ${hotTx.length} then (${n} - 1) * ${HOT_NOTES} else ${HOT_NOTES * hotTx.length} + (${n} - ${hotTx.length + 1}) * ${perNote} end)`;
  const noteCount = (n: string) => `(case when ${n} <= ${hotTx.length} then ${HOT_NOTES} else ${perNote} end)`;
  const base = async (table: string) =>
    Number((await sql.unsafe(`select coalesce(max(id), 0) as m from ${table}`))[0].m);
  const [aBase, pBase, cBase, saBase, mpBase, agBase, mrBase, txBase, nBase] = await Promise.all(
    [
      "accounts",
      "account_import_processes",
      "customers",
      "supply_addresses",
      "meter_points",
      "agreements",
      "meter_readings",
      "transactions",
      "notes",
    ].map(base),
  );
  const aid = (n: string) => `(${aBase} + ${n})`;
  // The template's rows in temp tables: a clone read from the table it fills would rescan its own new rows for every n.
  for (const t of [
    "accounts",
    "account_import_processes",
    "customers",
    "supply_addresses",
    "meter_points",
    "agreements",
  ]) {
    await sql.unsafe(
      `create temp table tpl_${t} as select * from ${t} where ${t === "accounts" ? "id" : "account_id"} = ${tpl}`,
    );
  }
  await sql.unsafe(
    `create temp table tpl_meter_readings as select r.* from meter_readings r join meter_points p on p.id = r.meter_point_id where p.account_id = ${tpl}`,
  );

  await step(`accounts (${A})`, () =>
    sql.unsafe(`insert into accounts select x.*
      from tpl_accounts t, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::accounts, to_jsonb(t) || jsonb_build_object(
        'id', ${aid("n")}, 'number', ${num("n")}, 'supplier_id', ${sup("n")}, 'external_account_number', ${ext("n")},
        'billing_name', 'Customer ' || n, 'created_at', ${imp("n")})) x`),
  );
  const payload = (n: string, external: string) =>
    `jsonb_set(jsonb_set(jsonb_set(t.payload, '{external_account_number}', to_jsonb(${external})),
       '{supply_addresses,0,meter_points,0,identifier}', to_jsonb(${mpan(n)})), '{supply_addresses,0,meter_points,1,identifier}', to_jsonb(${mprn(n)}))`;
  const extra = Math.round(A * 0.05);
  await step(`account_import_processes (${A} imported, ${extra} staged or failed)`, async () => {
    await sql.unsafe(`insert into account_import_processes select x.*
      from tpl_account_import_processes t, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::account_import_processes, to_jsonb(t) || jsonb_build_object(
        'id', ${pBase} + n, 'supplier_id', ${sup("n")}, 'external_account_number', ${ext("n")}, 'payload', ${payload("n", ext("n"))},
        'account_id', ${aid("n")}, 'created_at', ${imp("n")} - interval '1 minute', 'updated_at', ${imp("n")}, 'imported_at', ${imp("n")})) x`);
    const stg = (n: string) => `'STG-' || lpad(${n}::text, 7, '0')`;
    await sql.unsafe(`insert into account_import_processes select x.*
      from tpl_account_import_processes t, generate_series(1, ${extra}) n
      cross join lateral jsonb_populate_record(null::account_import_processes, to_jsonb(t) || jsonb_build_object(
        'id', ${pBase + A} + n, 'supplier_id', ${sup("n")}, 'external_account_number', ${stg("n")}, 'payload', ${payload(`(${A} + n)`, stg("n"))},
        'account_id', null, 'imported_at', null, 'status', case when n % 2 = 0 then 'failed' else 'staged' end,
        'errors', case when n % 2 = 0 then '[{"detail": "The tariff code is not one of the supplier''s.", "code": "invalid_tariff_code", "attr": "supply_addresses.0.meter_points.0.agreements.0.tariff_code"}]'::jsonb else '[]'::jsonb end,
        'created_at', ${imp("n")}, 'updated_at', ${imp("n")})) x`);
  });
  await step("customers, supply addresses, meter points, agreements, readings", async () => {
    await sql.unsafe(`insert into customers select x.*
      from tpl_customers t, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::customers, to_jsonb(t) || jsonb_build_object('id', ${cBase} + n, 'account_id', ${aid("n")})) x`);
    await sql.unsafe(`insert into supply_addresses select x.*
      from tpl_supply_addresses t, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::supply_addresses, to_jsonb(t) || jsonb_build_object('id', ${saBase} + n, 'account_id', ${aid("n")})) x`);
    // Two meter points per account (electricity first), each template row cloned with its own id.
    const mpId = (n: string) => `(${mpBase} + (${n} - 1) * 2 + case when t.fuel = 'electricity' then 1 else 2 end)`;
    await sql.unsafe(`insert into meter_points select x.*
      from tpl_meter_points t, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::meter_points, to_jsonb(t) || jsonb_build_object(
        'id', ${mpId("n")}, 'account_id', ${aid("n")}, 'supply_address_id', ${saBase} + n,
        'mpxn', case when t.fuel = 'electricity' then ${mpan("n")} else ${mprn("n")} end)) x`);
    await sql.unsafe(`insert into agreements select x.*
      from tpl_agreements g join tpl_meter_points t on t.id = g.meter_point_id, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::agreements, to_jsonb(g) || jsonb_build_object(
        'id', ${agBase} + (n - 1) * 2 + case when t.fuel = 'electricity' then 1 else 2 end, 'account_id', ${aid("n")}, 'meter_point_id', ${mpId("n")})) x`);
    await sql.unsafe(`insert into meter_readings select x.*
      from tpl_meter_readings r join tpl_meter_points t on t.id = r.meter_point_id, generate_series(1, ${A}) n
      cross join lateral jsonb_populate_record(null::meter_readings, to_jsonb(r) || jsonb_build_object(
        'id', ${mrBase} + n, 'meter_point_id', ${mpId("n")})) x where t.fuel = 'electricity'`);
  });

  await sql`create temp table tpl_tx as select row_number() over (order by id) - 1 as r, * from transactions where account_id = ${tpl} and transaction_id like 'TPL-%' order by id limit 5`;
  await withoutIndexes(sql, ["transactions", "notes"], async () => {
    await step(`transactions (${hotSum + perTx * (A - hotTx.length)}; hot accounts ${hotTx.join(", ")})`, () =>
      sql.unsafe(`insert into transactions (id, account_id, transaction_id, type, reason, amount, transaction_date, original_transaction_date, description,
          statement_period_start, statement, display_note, note, reference, payment_type, to_prepay_meter_serial_number, billing_document_identifier,
          product_code, supply_point_identifier, line_items, tax_items, request_id, created_at)
        select ${txBase} + ${txOff("a.n")} + k + 1, ${aid("a.n")}, 'T' || a.n || '-' || k, t.type, t.reason,
          case when t.type = 'SUPPLY_CHARGE' then t.amount else ((k * 37) % 50000 + 1) / 100.0 end,
          d.day, d.day, null, t.statement_period_start, t.statement, t.display_note, t.note, t.reference, t.payment_type,
          t.to_prepay_meter_serial_number, t.billing_document_identifier, t.product_code, t.supply_point_identifier, t.line_items, t.tax_items, 'bench-scale', s.at
        from generate_series(1, ${A}) a(n)
        cross join lateral generate_series(0, ${txCount("a.n")} - 1) k
        join tpl_tx t on t.r = k % 5
        cross join lateral (select case when k < ${initial("a.n")} then ${imp("a.n")} else ${spread("a.n", `(k - ${initial("a.n")})`, `(${txCount("a.n")} - ${initial("a.n")})`)} end as at) s
        cross join lateral (select (s.at at time zone 'Europe/London')::date as day) d`),
    );
    await step(`notes (${HOT_NOTES * hotTx.length + perNote * (A - hotTx.length)})`, () =>
      sql.unsafe(`insert into notes (id, account_id, body, external_id, document_paths, content_hash, created_at, created_at_given, is_pinned, is_archived, unpin_at, source, request_id, inserted_at)
        select ${nBase} + ${noteOff("a.n")} + k + 1,
          ${aid("a.n")}, b.body, 'N' || a.n || '-' || k, '[]'::jsonb, encode(sha256(convert_to(b.body, 'UTF8')), 'hex'),
          date_trunc('second', s.at), true, k % 250 = 7, false, null, 'import', 'bench-scale', s.at
        from generate_series(1, ${A}) a(n)
        cross join lateral generate_series(0, ${noteCount("a.n")} - 1) k
        cross join lateral (select ${spread("a.n", "k", noteCount("a.n"))} as at, 'Call ' || k || ': customer asked about their bill and payment date.' as body) s
        cross join lateral (select s.body) b(body)`),
    );
  });

  // Events: keys first (group, account, item, time), ordered by time into seqs, then the rows.
  const batches = (n: string) => `((${initial(n)} + ${BATCH - 1}) / ${BATCH})`;
  const singles = (n: string) => `(${txCount(n)} - ${initial(n)})`;
  await sql`create unlogged table scale_ev (g smallint not null, n int not null, k int not null, t timestamptz not null)`;
  await step("event keys", async () => {
    await sql.unsafe(
      `insert into scale_ev select 0, n, k, ${imp("n")} + k * interval '1 ms' from generate_series(1, ${A}) n, generate_series(0, 3) k`,
    );
    await sql.unsafe(
      `insert into scale_ev select 1, n, b, ${imp("n")} + interval '1 minute' + b * interval '1 s' from generate_series(1, ${A}) n cross join lateral generate_series(0, ${batches("n")} - 1) b`,
    );
    await sql.unsafe(
      `insert into scale_ev select 2, n, k, ${spread("n", `(k - ${initial("n")})`, singles("n"))} from generate_series(1, ${A}) n cross join lateral generate_series(${initial("n")}, ${txCount("n")} - 1) k`,
    );
    await sql.unsafe(
      `insert into scale_ev select 3, n, k, ${spread("n", "k", noteCount("n"))} from generate_series(1, ${A}) n cross join lateral generate_series(0, ${noteCount("n")} - 1) k`,
    );
    const [{ c }] = await sql`select count(*)::bigint as c from scale_ev`;
    const rest = Math.max(0, sizes.events - Number(c));
    const hot = Math.min(HOT_EVENTS, Math.floor(rest / 10));
    const perFill = Math.max(0, Math.floor((rest - hot * hotTx.length) / (A - hotTx.length)));
    const fillCount = (n: string) => `(case when ${n} <= ${hotTx.length} then ${hot} else ${perFill} end)`;
    await sql.unsafe(
      `insert into scale_ev select 4, n, k, ${spread("n", "k", fillCount("n"))} from generate_series(1, ${A}) n cross join lateral generate_series(0, ${fillCount("n")} - 1) k`,
    );
  });
  const [{ seqBase }] = await sql`select coalesce(max(seq), 0)::bigint as "seqBase" from events`;
  await step("event order", async () => {
    await sql.unsafe(
      `create unlogged table scale_ev_seq as select ${seqBase} + row_number() over (order by t, g, n, k) as seq, g, n, k, t from scale_ev`,
    );
    await sql`drop table scale_ev`;
  });
  const uuid = `(select substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21, 12)
      from (select lpad(to_hex((extract(epoch from e.t) * 1000)::bigint), 12, '0') || '7' || lpad(to_hex(e.seq % 4096), 3, '0') || '8' || lpad(to_hex(e.seq), 15, '0') as h) x)::uuid`;
  const kinds = `(array['CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE'])`;
  const txId = `(${txBase} + ${txOff("e.n")} + 1)`;
  const ledger = `jsonb_build_object('entry', jsonb_build_object('source_type', 'data_import.transaction'), 'ledger', jsonb_build_object('number', 'L-' || substr(${num("e.n")}, 3), 'account', jsonb_build_object('number', ${num("e.n")})))`;
  await withoutIndexes(sql, ["events"], () =>
    step(`events (${sizes.events} rows)`, () =>
      sql.unsafe(`insert into events (id, seq, type, version, occurred_at, created_at, account_number, organisation_id, payload, attempts, fanout_ids, fanout_kinds)
        select ${uuid}, e.seq,
          case e.g when 0 then (array['account.created', 'agreement.created', 'agreement.created', 'data_import.import_process.complete'])[e.k + 1]
                   when 1 then 'billing.ledger.entry_posted' when 2 then 'billing.ledger.entry_posted'
                   when 3 then 'data_import.import_process.post_import.completed'
                   else case when e.k % 4 = 3 then 'account.updated' else 'actual.intervals.received' end end,
          case when e.g in (1, 2) then 'v2' else 'v1' end,
          e.t, e.t, ${num("e.n")}, ${org("e.n")},
          case e.g
            when 0 then case e.k
              when 0 then jsonb_build_object('is_imported', true, 'account_number', ${num("e.n")}, 'account_user_emails', jsonb_build_array('ada@example.com'))
              when 3 then jsonb_build_object('identifier', ${num("e.n")}, 'resource_type', 'account', 'external_identifier', ${ext("e.n")})
              else jsonb_build_object('valid_from', '2025-01-01T00:00:00.000Z', 'agreement_id', ${agBase} + (e.n - 1) * 2 + e.k, 'product_code', 'VAR-22-11-01', 'account_number', ${num("e.n")}) end
            when 1 then ${ledger} when 2 then ${ledger}
            when 3 then jsonb_build_object('identifier', (${nBase} + ${noteOff("e.n")} + e.k + 1)::text, 'resource_type', 'note', 'import_process_resource_type', 'account', 'import_process_external_identifier', ${ext("e.n")})
            else case when e.k % 4 = 3
              then jsonb_build_object('account_number', ${num("e.n")}, 'account_user_emails', jsonb_build_array('ada@example.com'), 'changes', jsonb_build_object('billing_name', 'Customer ' || e.n))
              else jsonb_build_object('mpan', ${mpan("e.n")}, 'rebill_from', to_char(e.t - interval '1 day', 'YYYY-MM-DD')) end
          end,
          0,
          case e.g when 1 then array(select ${txId} + i from generate_series(e.k * ${BATCH}, least(e.k * ${BATCH} + ${BATCH - 1}, ${initial("e.n")} - 1)) i)
                   when 2 then array[${txId} + e.k] end,
          case e.g when 1 then array(select ${kinds}[1 + i % 5] from generate_series(e.k * ${BATCH}, least(e.k * ${BATCH} + ${BATCH - 1}, ${initial("e.n")} - 1)) i)
                   when 2 then array[${kinds}[1 + e.k % 5]] end
        from scale_ev_seq e order by e.seq`),
    ),
  );
  await sql`drop table scale_ev_seq`;
  await step(`delivery state (${sizes.pending} pending, the rest delivered in stamps of 500)`, async () => {
    const [{ cut }] = await sql`select max(seq) - ${sizes.pending} as cut from events`;
    await sql`delete from event_pending where seq <= ${cut}`;
    await sql`insert into event_pending (seq, account_number, organisation_id) select seq, account_number, organisation_id from events where seq > ${cut}`;
    await sql`insert into event_deliveries (published_at, seqs)
      select max(created_at) + interval '2 seconds', int8multirange(int8range(min(seq), max(seq) + 1)) from events where seq <= ${cut} group by seq / 500 order by min(seq)`;
  });
  for (const t of [
    "accounts",
    "account_import_processes",
    "customers",
    "supply_addresses",
    "meter_points",
    "agreements",
    "meter_readings",
    "transactions",
    "notes",
  ]) {
    await sql.unsafe(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  }
  await sql`select setval(pg_get_serial_sequence('events', 'seq'), (select max(seq) from events))`;
  await sql`set session_replication_role = origin`;
}
