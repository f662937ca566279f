// `npm run bench:support`: the support console's account search and ledger at 100,000 accounts,
// beside the same figures on a small database (1,000 accounts) measured in the same run.
//
//   Needs DATABASE_URL (a PostgreSQL server): the bench creates two throwaway databases on it
//   (km_bench_support_small_<run>, km_bench_support_large_<run>), migrates them, builds the
//   accounts with set-based SQL (generate_series: import processes and accounts whose
//   search terms the migration's triggers write, as an import does), and drops them after
//   (BENCH_KEEP=1 keeps them). BENCH_ACCOUNTS=100000, BENCH_SMALL=1000, BENCH_QUERIES=300,
//   BENCH_TRANSACTIONS=10000 (on one account of each database), BENCH_WRITE=1 records BENCHMARKS.md.
// Figures are p50/p99 of one query at a time through the service verbs (searchAccounts,
// getLedger's first page) on one connection, as a console request runs them. Target: p99 < 100 ms each.
import os from "node:os";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { type Db, execRows, openDatabase } from "@/db/client";
import { type Ctx, systemCtx } from "@/server/context";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { getLedger } from "@/server/services/support/get-ledger";
import { searchAccounts } from "@/server/services/support/search-accounts";
import { writeBenchmarkSection } from "./lib/benchmarks-md";
import { machineLine } from "./lib/machine";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const LARGE = benchEnv.BENCH_ACCOUNTS ?? 100_000;
const SMALL = benchEnv.BENCH_SMALL;
const QUERIES = benchEnv.BENCH_QUERIES;
const TRANSACTIONS = benchEnv.BENCH_TRANSACTIONS;
const TARGET_MS = 100;
const RUN = Date.now().toString(36);

const SURNAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mason",
  "Mitchell",
  "Rose",
  "Davis",
  "Rodriguez",
  "Cox",
  "Alexander",
  "Nowak",
  "Kowalski",
  "Murphy",
  "Kelly",
  "Byrne",
  "Ryan",
  "OBrien",
  "Walsh",
];
const GIVEN = [
  "Oliver",
  "Amelia",
  "George",
  "Isla",
  "Harry",
  "Ava",
  "Noah",
  "Mia",
  "Jack",
  "Ivy",
  "Leo",
  "Lily",
  "Arthur",
  "Freya",
  "Muhammad",
  "Grace",
  "Oscar",
  "Sophia",
  "Charlie",
  "Emily",
];
const AREAS = ["SW1A", "LS1", "M1", "B2", "NW1", "EH2", "BS1", "CB2", "OX1", "YO1", "TR19", "G1", "CF10", "NE1", "L1"];

const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x}'`).join(",")}])`;

/** n accounts for one organisation's supplier, by set-based SQL; the triggers keep their search terms. */
async function buildAccounts(db: Db, supplierId: number, n: number, base: number) {
  const started = performance.now();
  await db.execute(
    sql.raw(`
    with g as (
      select i, ${arr(SURNAMES)}[1 + (i * 7919) % ${SURNAMES.length}] as family, ${arr(GIVEN)}[1 + (i::bigint * 104729) % ${GIVEN.length}] as given,
        ${arr(AREAS)}[1 + (i * 31) % ${AREAS.length}] || ' ' || (i % 10)::text || chr(65 + (i / 10) % 26) || chr(65 + (i / 260) % 26) as postcode,
        lpad(((${base}::bigint + i) % 10000000000000)::text, 13, '0') as mpan,
        '079' || lpad(((${base}::bigint + i * 37) % 100000000)::text, 8, '0') as phone,
        'A-' || upper(lpad(to_hex(${base}::bigint + i), 8, '0')) as number
      from generate_series(1, ${n}) as i
    ), a as (
      insert into accounts (number, supplier_id, external_account_number, billing_name, billing_postcode, open_statement_period_start)
      select number, ${supplierId}, 'LEG-' || i, given || ' ' || family, postcode, '2026-11-01' from g
      returning id, external_account_number
    )
    insert into account_import_processes (supplier_id, external_account_number, status, payload, account_id, imported_at)
    select ${supplierId}, g_ext, case when i % 20 = 0 then 'staged' else 'imported' end,
      jsonb_build_object('external_account_number', g_ext, 'billing_name', given || ' ' || family, 'billing_postcode', postcode,
        'customers', jsonb_build_array(jsonb_build_object('given_name', given, 'family_name', family, 'email', lower(given) || '.' || lower(family) || i || '@example.com', 'mobile', phone)),
        'supply_addresses', jsonb_build_array(jsonb_build_object('supply_postcode', postcode,
          'meter_points', jsonb_build_array(jsonb_build_object('supply_type', 'ELECTRICITY', 'identifier', mpan, 'meters', jsonb_build_array(jsonb_build_object('meter_serial_number', 'E' || right(mpan, 8)))))))),
      case when i % 20 = 0 then null else a.id end, case when i % 20 = 0 then null else now() end
    from (select g.*, 'LEG-' || i as g_ext from g) g join a on a.external_account_number = g.g_ext`),
  );
  await db.execute(sql`analyze accounts; analyze account_import_processes; analyze account_search_terms`);
  return performance.now() - started;
}

/** One account with `n` transactions (charges, payments, credits over ten years), for the ledger's first page. */
async function buildLedger(db: Db, supplierId: number, base: number): Promise<string> {
  const number = `A-${(base + 0xfffff).toString(16).toUpperCase().padStart(8, "0").slice(-8)}`;
  const [acc] = await execRows<{ id: number }>(
    db,
    sql`insert into accounts (number, supplier_id, external_account_number, transfer_balance, open_statement_period_start)
        values (${number}, ${supplierId}, 'LEDGER-BENCH', -42.17, '2016-01-01') returning id`,
  );
  await db.execute(sql`
    insert into transactions (account_id, transaction_id, type, reason, amount, transaction_date, original_transaction_date, statement_period_start)
    select ${acc.id}, 'TX-' || i, (array['CHARGE', 'PAYMENT', 'CREDIT'])[1 + i % 3], 'IMPORTED_CHARGE', round((i % 997)::numeric / 7, 2),
      date '2016-01-01' + (i * 3650 / ${TRANSACTIONS}), date '2016-01-01' + (i * 3650 / ${TRANSACTIONS}), '2016-01-01'
    from generate_series(1, ${TRANSACTIONS}) as i`);
  await db.execute(sql`analyze transactions`);
  return number;
}

function percentile(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function time(n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(i); // warm the plan cache and the buffers
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), ms };
}

/** What callers say: misspelt surnames, postcodes without a space, outward codes, phones with spaces, MPAN and number prefixes. */
function queryOf(i: number, base: number): string {
  const k = 1 + ((i * 7) % 900);
  switch (i % 6) {
    case 0:
      return SURNAMES[i % SURNAMES.length].replace(/i/, "y").replace(/o/, "a");
    case 1:
      return `${AREAS[(k * 31) % AREAS.length]}${k % 10}${String.fromCharCode(65 + (Math.floor(k / 10) % 26))}${String.fromCharCode(65 + (Math.floor(k / 260) % 26))}`;
    case 2:
      return AREAS[i % AREAS.length];
    case 3:
      return `079 ${String((base + k * 37) % 1e8)
        .padStart(8, "0")
        .replace(/(\d{4})(\d{4})/, "$1 $2")}`;
    case 4:
      return String(base + k)
        .padStart(13, "0")
        .slice(0, 9);
    default:
      return `A-${(base + k).toString(16).toUpperCase().padStart(8, "0").slice(0, 5)}`;
  }
}

async function measure(url: string, accounts: number, label: string) {
  const handle = await openDatabase({ url });
  const db = handle.db;
  const sys = systemCtx(db, "bench-support");
  const { organisation } = await createOrganisation(sys, { name: `Support bench ${label}` });
  const ctx: Ctx = systemCtx(db, "bench-support", organisation.id);
  const supplier = await createSupplier(ctx, { code: `SUPPORT-BENCH`, documentRoot: `s3://bench-support/${RUN}` });
  // Another organisation holds as many accounts again: search is scoped, not alone in the table.
  const other = await createOrganisation(sys, { name: `Support bench other ${label}` });
  const otherSupplier = await createSupplier(systemCtx(db, "bench-support", other.organisation.id), {
    code: `SUPPORT-OTHER`,
    documentRoot: `s3://bench-support/${RUN}-o`,
  });
  const base = 0x10000000;
  const buildMs =
    (await buildAccounts(db, supplier.id, accounts, base)) +
    (await buildAccounts(db, otherSupplier.id, Math.min(accounts, 10_000), base + 0x4000000));
  const ledgerAccount = await buildLedger(db, supplier.id, base);
  let hits = 0;
  const search = await time(QUERIES, async (i) => {
    hits += (await searchAccounts(ctx, { query: queryOf(i, base) })).length > 0 ? 1 : 0;
  });
  const byKind = ["surname", "postcode", "outward", "phone", "mpan", "number"]
    .map(
      (k, j) =>
        `${k} ${percentile(
          search.ms.filter((_, i) => i % 6 === j),
          99,
        ).toFixed(0)}`,
    )
    .join(", ");
  console.log(`${label}: search p99 by kind (ms): ${byKind}`);
  const ledger = await time(QUERIES, () => getLedger(ctx, { filter: { accountNumber: ledgerAccount }, limit: 100 }));
  const [{ terms }] = await execRows<{ terms: string }>(
    db,
    sql`select count(*)::text as terms from account_search_terms`,
  );
  await handle.close();
  return { label, accounts, terms: Number(terms), buildMs, search, ledger, byKind, hitRate: hits / (QUERIES + 20) };
}

async function main() {
  const server = env.DATABASE_URL;
  if (!server)
    throw new Error(
      "bench:support needs DATABASE_URL (a PostgreSQL server): it creates and drops two databases there.",
    );
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  const names = { small: `km_bench_support_small_${RUN}`, large: `km_bench_support_large_${RUN}` };
  const urlOf = (db: string) => Object.assign(new URL(server), { pathname: `/${db}` }).toString();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  try {
    for (const db of Object.values(names)) await admin.unsafe(`create database ${db}`);
    const loadBefore = load();
    const small = await measure(urlOf(names.small), SMALL, "small");
    const large = await measure(urlOf(names.large), LARGE, "large");
    const rows = [small, large].map(
      (r) =>
        `| ${r.accounts.toLocaleString("en-GB")} accounts (${r.terms.toLocaleString("en-GB")} search terms) | ${r.search.p50.toFixed(1)} | ${r.search.p99.toFixed(1)} | ${r.ledger.p50.toFixed(1)} | ${r.ledger.p99.toFixed(1)} | ${(r.buildMs / 1000).toFixed(1)} s |`,
    );
    const ok = large.search.p99 < TARGET_MS && large.ledger.p99 < TARGET_MS;
    const body = [
      `\`npm run bench:support\`: ${QUERIES} searches (misspelt surnames, postcodes without the space, outward codes, phones with spaces, MPAN and account-number prefixes; ${Math.round(large.hitRate * 100)}% found something) and ${QUERIES} ledger first pages (100 entries with running balances, of one ${TRANSACTIONS.toLocaleString("en-GB")}-transaction account), one at a time through the service verbs on PostgreSQL. Target p99 < ${TARGET_MS} ms at ${LARGE.toLocaleString("en-GB")} accounts.`,
      "",
      "| database | search p50 ms | search p99 ms | ledger page p50 ms | ledger page p99 ms | build (set-based SQL, triggers) |",
      "|---|---|---|---|---|---|",
      ...rows,
      "",
      `Search p99 by kind at ${LARGE.toLocaleString("en-GB")} (ms): ${large.byKind}.`,
      "",
      `${ok ? "Within" : "NOT within"} target. ${machineLine([`load average ${loadBefore} before, ${load()} after`])}; the machine was shared with other work.`,
    ].join("\n");
    console.log(body);
    if (benchEnv.BENCH_WRITE === "1") writeBenchmarkSection("Support: account search and ledger", body);
    if (!ok) process.exitCode = 1;
  } finally {
    if (!benchEnv.BENCH_KEEP)
      for (const db of Object.values(names)) await admin.unsafe(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}

await main();
