import { sql } from "drizzle-orm";
import type postgres from "postgres";
import { v7 as uuidv7 } from "uuid";
import { type Db, execRows } from "@/db/client";
import { systemCtx } from "@/server/context";
import { londonToday } from "@/server/lib/time";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { newAccountNumber } from "@/server/services/account-import/account-number";
import {
  toAccountRow,
  toAgreementRow,
  toCustomerRow,
  toMeterPointRow,
  toReadingRows,
  toSupplyAddressRow,
} from "@/server/services/account-import/map-rows";
import { EnergyAccount } from "@/server/services/account-import/payload/energy-account";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { getImportJob } from "@/server/services/import-jobs/get-import-job";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { fullDomesticAccount } from "@/test/factories/energy-account";
import { cpuBetween, cpuSnapshot, perRowLine } from "./cpu";
import { keepAliveClient } from "./http-client";
import { ROOT } from "./server";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

/**
 * Account import, end to end: production-shaped accounts (test/factories/energy-account.ts: both fuels,
 * three agreements, meters, registers, five readings, EAC/AQ, PSR, payments and the kept-only
 * extras; ~7 kB of JSON each) staged with create-or-update/ and then processed with process/,
 * one account after another per client, CLIENTS clients at once; against the baseline of the
 * same rows (mapped by the same functions, map-rows.ts) written with the driver's multi-row
 * INSERTs into the same tables by as many connections, in batches, no app code in between.
 */

const CLIENTS = benchEnv.BENCH_ACCOUNT_CLIENTS;
const PER_ROUND = benchEnv.BENCH_ACCOUNTS ?? 400;
const WARM = benchEnv.BENCH_ACCOUNT_WARM;
const ROUNDS = Math.max(1, benchEnv.BENCH_ACCOUNT_ROUNDS);
const RAW_BATCH = benchEnv.BENCH_ACCOUNT_RAW_BATCH;
const RUN = String(Date.now() % 10_000).padStart(4, "0");

type Measured = { seconds: number; cpu: Map<string, number> };
type Body = ReturnType<typeof fullDomesticAccount>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const chunks = <T>(xs: T[], size: number) =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));
const snake = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v ?? null]),
  );

// Only this database's backends and this checkout's server count as postgres and server: the
// machine may be shared with other people's databases and servers.
const CPU_SCOPE = {
  database: env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined,
  serverCwd: ROOT,
};

async function clock(run: () => Promise<unknown>): Promise<Measured> {
  const before = cpuSnapshot(CPU_SCOPE);
  const started = performance.now();
  await run();
  return { seconds: (performance.now() - started) / 1000, cpu: cpuBetween(before, cpuSnapshot(CPU_SCOPE)) };
}

let serial = 0;
/** `n` accounts with meter points of their own (MPAN / MPRN unique to this run). */
export function accountsFor(supplier: string, tag: string, n: number): Body[] {
  return Array.from({ length: n }, () => {
    serial += 1;
    const idx = String(serial).padStart(6, "0");
    return fullDomesticAccount({
      supplier,
      external: `BENCH-ACC-${RUN}-${tag}-${idx}`,
      mpan: withMpanCheckDigit(`12${RUN}${idx}`),
      mprn: `8${RUN.slice(1)}${idx}`,
    });
  });
}

export async function setUpAccountBench(db: Db) {
  const sys = systemCtx(db, "bench-accounts");
  await loadDemoProducts(sys, { only: ["VAR-22-11-01"] });
  const { organisation, apiKey } = await createOrganisation(sys, { name: `Bench accounts ${RUN}` });
  const ctx = systemCtx(db, "bench-accounts", organisation.id);
  const supplier = await createSupplier(ctx, {
    code: `BENCH-ACC-${RUN}`,
    documentRoot: `s3://bench-documents/acc-${RUN}`,
  });
  return { apiKey: apiKey!.key, organisationId: organisation.id, supplierId: supplier.id, supplierCode: supplier.code };
}

type Setup = Awaited<ReturnType<typeof setUpAccountBench>>;

/** Stage then process each account through REST; CLIENTS clients, each its own accounts in turn. */
export async function viaRest(base: string, token: string, supplierCode: string, bodies: Body[]) {
  const perClient = Array.from({ length: CLIENTS }, (_, c) =>
    bodies
      .filter((_, i) => i % CLIENTS === c)
      .map((b) => ({
        stage: JSON.stringify(b),
        process: JSON.stringify({
          import_supplier_code: supplierCode,
          external_account_number: b.external_account_number,
        }),
      })),
  );
  const client = keepAliveClient(base, CLIENTS);
  const headers = { authorization: `Token ${token}` };
  const failures: string[] = [];
  try {
    const measured = await clock(() =>
      Promise.all(
        perClient.map(async (mine) => {
          for (const b of mine) {
            const staged = await client.post(
              "/v1/data-import/account-import-process/create-or-update/",
              b.stage,
              headers,
            );
            if (staged.status !== 201) failures.push(`stage ${staged.status} ${staged.text.slice(0, 300)}`);
            const done = await client.post("/v1/data-import/account-import-process/process/", b.process, headers);
            if (done.status !== 201) failures.push(`process ${done.status} ${done.text.slice(0, 300)}`);
          }
        }),
      ),
    );
    if (failures.length) throw new Error(`REST account import failed ${failures.length} times, first: ${failures[0]}`);
    return measured;
  } finally {
    client.close();
  }
}

/**
 * A console import job of the same accounts (ADR 0404), run by the server's own workers
 * (IMPORT_JOB_WORKERS loops, lanes on the jobs queue, default settings): the JSON Lines file
 * goes through the upload route's service (streamed into job rows, the job then started), and
 * the clock runs from the upload's first byte to the job's completion, as polled here.
 */
export async function viaJob(db: Db, setup: Setup, bodies: Body[]) {
  const ctx = systemCtx(db, "bench-accounts", setup.organisationId);
  const file = new TextEncoder().encode(bodies.map((b) => JSON.stringify(b)).join("\n"));
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let at = 0; at < file.length; at += 65_536) c.enqueue(file.slice(at, at + 65_536));
      c.close();
    },
  });
  let id = 0;
  const measured = await clock(async () => {
    id = (
      await uploadImportJob(ctx, { importSupplier: setup.supplierCode, format: "jsonl", fileName: "bench.jsonl" }, body)
    ).id;
    for (;;) {
      const job = await getImportJob(ctx, { id });
      if (job.status === "completed") {
        if (job.counts.imported !== bodies.length) throw new Error(`import job ${id}: ${JSON.stringify(job.counts)}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  return measured;
}

/** The rows the import writes for a batch of accounts, inserted table by table (parents first, for their ids). */
async function insertBatch(raw: postgres.Sql | postgres.TransactionSql, setup: Setup, batch: Body[], today: string) {
  const staged = batch.map((b) => EnergyAccount.parse(b));
  const accountRows = staged.map((a) => snake(toAccountRow(a, setup.supplierId, newAccountNumber(), today)));
  const accs = await raw<
    { id: number; number: string }[]
  >`insert into accounts ${raw(accountRows as never)} returning id, number`;
  const customerRows = staged.flatMap((a, i) => (a.customers ?? []).map((c, k) => toCustomerRow(c, accs[i].id, k)));
  if (customerRows.length)
    await raw`insert into customers ${raw(customerRows.map((r) => snake({ ...r, psr: raw.json(r.psr as never), preferences: r.preferences ? raw.json(r.preferences as never) : null })) as never)}`;
  const addresses = staged.flatMap((a, i) => (a.supply_addresses ?? []).map((sa) => ({ sa, account: i })));
  const saIds = addresses.length
    ? await raw<
        { id: number }[]
      >`insert into supply_addresses ${raw(addresses.map((x) => snake(toSupplyAddressRow(x.sa, accs[x.account].id))) as never)} returning id`
    : [];
  const points = addresses.flatMap((x, j) => x.sa.meter_points.map((p) => ({ p, account: x.account, address: j })));
  const mpRows = points.map((x) => {
    const r = toMeterPointRow(x.p, accs[x.account].id, saIds[x.address].id, today);
    return snake({ ...r, meters: raw.json(r.meters as never) });
  });
  const mpIds = mpRows.length
    ? await raw<{ id: number }[]>`insert into meter_points ${raw(mpRows as never)} returning id`
    : [];
  const deals = points.flatMap((x, k) =>
    (x.p.agreements ?? []).map((g) => ({
      row: toAgreementRow(g, accs[x.account].id, mpIds[k].id),
      account: x.account,
    })),
  );
  const agreementIds = deals.length
    ? await raw<{ id: number }[]>`insert into agreements ${raw(deals.map((d) => snake(d.row)) as never)} returning id`
    : [];
  const readings = points.flatMap((x, k) => toReadingRows(x.p, mpIds[k].id).map(snake));
  if (readings.length) await raw`insert into meter_readings ${raw(readings as never)}`;
  const processes = staged.map((a, i) => {
    const { import_supplier: _s, ...payload } = batch[i];
    return {
      supplier_id: setup.supplierId,
      external_account_number: a.external_account_number!,
      status: "imported",
      payload: raw.json(payload as never),
      errors: raw.json([] as never),
      account_id: accs[i].id,
      imported_at: new Date(),
    };
  });
  await raw`insert into account_import_processes ${raw(processes as never)}`;
  const event = (type: string, payload: Record<string, unknown>, account: string) => ({
    id: uuidv7(),
    type,
    version: "v1",
    payload: raw.json(payload as never),
    account_number: account,
    organisation_id: setup.organisationId,
  });
  const events = staged.flatMap((a, i) => [
    event(
      "account.created",
      {
        account_number: accs[i].number,
        account_user_emails: (a.customers ?? []).flatMap((c) => (c.email ? [c.email] : [])),
        is_imported: true,
      },
      accs[i].number,
    ),
    ...deals.flatMap((d, k) =>
      d.account === i
        ? [
            event(
              "agreement.created",
              {
                agreement_id: agreementIds[k].id,
                account_number: accs[i].number,
                valid_from: d.row.validFrom.toISOString(),
                product_code: d.row.productCode,
              },
              accs[i].number,
            ),
          ]
        : [],
    ),
    event(
      "data_import.import_process.complete",
      { resource_type: "account", external_identifier: a.external_account_number, identifier: accs[i].number },
      accs[i].number,
    ),
  ]);
  await raw`insert into events ${raw(events as never)}`;
}

/**
 * The direct baseline: CLIENTS connections, each writing its accounts' rows. perAccount: one
 * account per transaction (BEGIN, its INSERTs, COMMIT), the unit of work the API's calls carry;
 * else RAW_BATCH accounts per multi-row INSERT, autocommit (a bulk loader's shape).
 */
export async function viaInsert(raw: postgres.Sql, setup: Setup, bodies: Body[], perAccount = false) {
  const today = londonToday();
  const perClient = Array.from({ length: CLIENTS }, (_, c) => bodies.filter((_, i) => i % CLIENTS === c));
  return clock(() =>
    Promise.all(
      perClient.map(async (mine) => {
        if (perAccount) for (const b of mine) await raw.begin((tx) => insertBatch(tx, setup, [b], today));
        else for (const batch of chunks(mine, RAW_BATCH)) await insertBatch(raw, setup, batch, today);
      }),
    ),
  );
}

/** Checks what a path wrote: every account, its three agreements and five events. */
export async function check(db: Db, supplierId: number, bodies: Body[]) {
  const externals = bodies.map((b) => b.external_account_number!);
  const [row] = await execRows<{ accounts: number; agreements: number; events: number }>(
    db,
    sql`select count(distinct a.id)::int as accounts, count(g.id)::int as agreements,
               (select count(*)::int from events e where e.account_number in (select number from accounts where supplier_id = ${supplierId} and external_account_number in ${externals})) as events
        from accounts a left join agreements g on g.account_id = a.id
        where a.supplier_id = ${supplierId} and a.external_account_number in ${externals}`,
  );
  const n = bodies.length;
  if (Number(row.accounts) !== n || Number(row.agreements) !== 3 * n || Number(row.events) !== 5 * n) {
    throw new Error(`expected ${n} accounts, ${3 * n} agreements, ${5 * n} events; found ${JSON.stringify(row)}`);
  }
}

export type AccountBenchResult = { lines: string[]; markdown: string[] };

export async function runAccountBench(opts: {
  db: Db;
  raw: postgres.Sql;
  base: string;
  token: string;
  setup: Setup;
}): Promise<AccountBenchResult> {
  const { db, raw, base, token, setup } = opts;
  const bytes = JSON.stringify(accountsFor(setup.supplierCode, "size", 1)[0]).length;
  // Warm both paths (JIT, pools, the server's routes) on accounts of their own, untimed.
  await viaRest(base, token, setup.supplierCode, accountsFor(setup.supplierCode, "warm", WARM));
  await viaInsert(raw, setup, accountsFor(setup.supplierCode, "warmraw", WARM));
  await viaInsert(raw, setup, accountsFor(setup.supplierCode, "warmone", WARM), true);
  await viaJob(db, setup, accountsFor(setup.supplierCode, "warmjob", WARM));
  const runs: Record<"rest" | "raw" | "one" | "job", Measured[]> = { rest: [], raw: [], one: [], job: [] };
  // Between phases, untimed: what autovacuum does on a production server (the machine's shared
  // PostgreSQL runs with autovacuum off), so no phase pays for the dead rows and stale statistics
  // of the ones before it; then a checkpoint, so none pays for their dirty buffers.
  const settle = async () => {
    await raw`vacuum (analyze)`.catch(() => {});
    await raw`checkpoint`.catch(() => {});
  };
  for (let round = 0; round < ROUNDS; round++) {
    const rawBodies = accountsFor(setup.supplierCode, `raw${round}`, PER_ROUND);
    await settle();
    runs.raw.push(await viaInsert(raw, setup, rawBodies));
    await check(db, setup.supplierId, rawBodies);
    const oneBodies = accountsFor(setup.supplierCode, `one${round}`, PER_ROUND);
    await settle();
    runs.one.push(await viaInsert(raw, setup, oneBodies, true));
    await check(db, setup.supplierId, oneBodies);
    const restBodies = accountsFor(setup.supplierCode, `rest${round}`, PER_ROUND);
    await settle();
    runs.rest.push(await viaRest(base, token, setup.supplierCode, restBodies));
    await check(db, setup.supplierId, restBodies);
    const jobBodies = accountsFor(setup.supplierCode, `job${round}`, PER_ROUND);
    await settle();
    runs.job.push(await viaJob(db, setup, jobBodies));
    await check(db, setup.supplierId, jobBodies);
  }
  const rate = (m: Measured) => PER_ROUND / m.seconds;
  const restRate = median(runs.rest.map(rate));
  const rawRate = median(runs.raw.map(rate));
  const oneRate = median(runs.one.map(rate));
  const oneRatios = runs.rest.map((m, i) => (rate(m) / rate(runs.one[i])).toFixed(3)).join(", ");
  const jobRate = median(runs.job.map(rate));
  const ratios = runs.rest.map((m, i) => (rate(m) / rate(runs.raw[i])).toFixed(3)).join(", ");
  const cpuOf = (ms: Measured[]) => {
    const sum = new Map<string, number>();
    for (const m of ms) for (const [k, v] of m.cpu) sum.set(k, (sum.get(k) ?? 0) + v);
    return sum;
  };
  const restCpu = runs.rest[0].cpu.size ? perRowLine(cpuOf(runs.rest), PER_ROUND * ROUNDS, "account") : null;
  const rawCpu = runs.raw[0].cpu.size ? perRowLine(cpuOf(runs.raw), PER_ROUND * ROUNDS, "account") : null;
  const oneCpu = runs.one[0].cpu.size ? perRowLine(cpuOf(runs.one), PER_ROUND * ROUNDS, "account") : null;
  const jobCpu = runs.job[0].cpu.size ? perRowLine(cpuOf(runs.job), PER_ROUND * ROUNDS, "account") : null;
  const roundsOf = (ms: Measured[]) => ms.map((m) => rate(m).toFixed(1)).join(", ");
  const lines = [
    `${PER_ROUND} production-shaped accounts per path per round (${(bytes / 1024).toFixed(1)} kB of JSON each), ${CLIENTS} clients, ${ROUNDS} rounds, medians:`,
    `REST stage + process : ${restRate.toFixed(1)} accounts/s; rounds: ${roundsOf(runs.rest)}`,
    `direct, per account  : ${oneRate.toFixed(1)} accounts/s; rounds: ${roundsOf(runs.one)}`,
    `direct, ${String(RAW_BATCH).padStart(2)} a batch  : ${rawRate.toFixed(1)} accounts/s; rounds: ${roundsOf(runs.raw)}`,
    `console import job   : ${jobRate.toFixed(1)} accounts/s; rounds: ${roundsOf(runs.job)} (job / REST ${(jobRate / restRate).toFixed(2)})`,
    `ratio REST / direct per account: ${(restRate / oneRate).toFixed(3)} (target >= 0.5); per round: ${oneRatios}`,
    `ratio REST / direct ${RAW_BATCH} a batch: ${(restRate / rawRate).toFixed(3)}; per round: ${ratios}`,
    `ratio import job / direct per account: ${(jobRate / oneRate).toFixed(3)} (the same services with no HTTP, plus its own job rows: about what REST could reach if HTTP cost nothing)`,
    ...(restCpu && rawCpu && oneCpu
      ? [
          `CPU REST             : ${restCpu}`,
          `CPU direct, 1        : ${oneCpu}`,
          `CPU direct, ${String(RAW_BATCH).padStart(2)}       : ${rawCpu}`,
        ]
      : []),
    ...(jobCpu ? [`CPU import job       : ${jobCpu}`] : []),
  ];
  const markdown = [
    `production-shaped accounts (test/factories/energy-account.ts \`fullDomesticAccount\`: electricity and gas, three agreements, two meters, five readings, EAC/AQ, PSR, payments and the kept-only extras; ${(bytes / 1024).toFixed(1)} kB of JSON each), ` +
      `${CLIENTS} concurrent clients, each staging (\`POST .../create-or-update/\`) then processing (\`POST .../process/\`) one account after another over keep-alive connections; ` +
      `against the same rows (mapped by the same map-rows.ts functions: account, customer, supply address, meter points, agreements, readings, the import record with its payload, five events) written directly by ${CLIENTS} connections with postgres-js multi-row INSERTs, parents first for their ids, ` +
      `two ways: one account per transaction (BEGIN, its INSERTs, COMMIT: the unit each API call carries, as the transactions phase compares equal batches), and ${RAW_BATCH} accounts per INSERT, autocommit (a bulk loader, which the per-account API cannot be). ` +
      `${WARM} accounts through each path first (untimed), then ${ROUNDS} rounds of ${PER_ROUND} accounts per path, each after a \`CHECKPOINT\`; figures are the medians.`,
    "",
    "| path | accounts/s (median) | rounds |",
    "|---|---|---|",
    `| REST: create-or-update/ + process/ (validation, rules, catalogue and meter point checks, locks, one transaction each, events) | ${restRate.toFixed(1)} | ${roundsOf(runs.rest)} |`,
    `| direct: the same rows, one account per transaction (postgres-js \`sql(rows)\`) | ${oneRate.toFixed(1)} | ${roundsOf(runs.one)} |`,
    `| direct: the same rows, ${RAW_BATCH} accounts per multi-row INSERT, autocommit | ${rawRate.toFixed(1)} | ${roundsOf(runs.raw)} |`,
    `| console import job of the same accounts (ADR 0404: the file stored as job rows, then the server's workers stage and import each row; timed from upload to completion) | ${jobRate.toFixed(1)} | ${roundsOf(runs.job)} |`,
    "",
    `Import job / REST: **${(jobRate / restRate).toFixed(2)}** (the issue's bar: the job is not slower than ${CLIENTS} REST clients).`,
    "",
    `Ratio REST / direct, one account per transaction: **${(restRate / oneRate).toFixed(3)}** (target >= 0.5; per round ${oneRatios}). REST / direct, ${RAW_BATCH} a batch: ${(restRate / rawRate).toFixed(3)} (per round ${ratios}). The import job runs the same services with no HTTP (and keeps its own job rows besides), so its ratio, **${(jobRate / oneRate).toFixed(3)}**, is about what REST could reach if its two requests per account cost nothing.`,
    ...(restCpu && rawCpu && oneCpu
      ? [
          "",
          "CPU per account while the clock ran (from /proc; postgres = this database's backends, server = this checkout's server):",
          "",
          `- REST: ${restCpu}`,
          `- direct, one account per transaction: ${oneCpu}`,
          `- direct, ${RAW_BATCH} a batch: ${rawCpu}`,
          ...(jobCpu ? [`- import job: ${jobCpu}`] : []),
        ]
      : []),
  ];
  return { lines, markdown };
}
