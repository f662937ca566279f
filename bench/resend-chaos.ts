// Resend chaos: the product promise ("millions of calls, retried, concurrent: every call must
// be safe to resend and must lose nothing") tested as a migration script lives it.
//
//   npx next build        # once (the harness runs the production server from the build)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/chaos_x CHAOS_SEED=7 npx tsx bench/resend-chaos.ts
//
// Environment:
//   DATABASE_URL          required: a scratch PostgreSQL database (migrated here; the server shares it)
//   CHAOS_SEED=1          seeds every random choice of the harness (payloads, faults, timing)
//   CHAOS_PORT=3581       port of the production server this script starts (node scripts/server.mjs)
//   CHAOS_ACCOUNTS=300    accounts staged and processed through the API
//   CHAOS_WORKERS=8       concurrent client workers
//   CHAOS_KILLS=2         SIGKILLs of the server during the load (each followed by a restart)
//   CHAOS_ABORT=0.2       probability that a request is aborted client-side after a random delay
//   CHAOS_ABORT_MS=250    upper bound of that delay
//   CHAOS_DUP=0.25        probability that a request is sent twice at once
//   CHAOS_REBATCH=0.5     probability that a transaction batch whose answer was lost is resent reversed or split in two
//   CHAOS_TX_BATCHES=3    transaction batches per account (2-40 transactions each, all types)
//   CHAOS_VENDOR_DELAY_MS=150  the fake payment vendor answers after up to this long
//   CHAOS_REGISTRATION_WAIT_S=90  how long to wait for the registration worker to send every flow
//   CHAOS_REQUEST_TIMEOUT_MS=30000  a request without an answer by then is given up and resent
//
// What it does:
// 1. Creates an organisation (API key) and an import supplier in the database, obtains a token
//    (POST /v1/graphql/ obtainKrakenToken), then stages and processes CHAOS_ACCOUNTS accounts
//    through the API. Starts a local fake payment vendor (both vendors; some references fail
//    their first lookups with 503) and points PAYMENT_VENDOR_* at it.
// 2. From CHAOS_WORKERS workers sends, per account, notes (2 requests of 4 notes: created_at
//    given, default, sub-second, document-only), transaction batches (every type and reason,
//    dates before the open period), historical statements, a payment instruction and
//    registration flows (with and without supply_start_date), in random order.
// 3. Faults: requests aborted client-side after a random delay, duplicates sent concurrently,
//    the server SIGKILLed CHAOS_KILLS times mid-load and restarted. Every request whose
//    outcome was not seen (aborted, connection error) is resent until an answer is seen;
//    429, 409 concurrent_import and 500 payment_vendor_unavailable are retried as is.
// 4. Checks every answer as it arrives (statuses, echoes, ALREADY_EXISTS only where an earlier
//    or concurrent copy was sent, no 5xx other than the payment vendor's 500), then from the
//    database: every intended transaction, note, statement, payment instruction and
//    registration exists exactly once with the intended content, nothing extra; one
//    billing.ledger.entry_posted per transaction, one post_import.completed per note,
//    statement and instruction, one registration.requested event and one job per
//    registration, every flow sent; one pinned date-moved note per batch that moved dates.
//    Finally every operation is resent once, cleanly, and must answer as a resend should
//    (TRANSACTION_ALREADY_EXISTS with the stored id, NOTE_ALREADY_EXISTS with the stored
//    created_at, historical_statement_already_exists, 201, the same registration dates).
// Prints a summary; exits 1 on any violation.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { systemCtx } from "@/server/context";
import { addDays, londonToday } from "@/server/lib/time";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { serverNodeOptions } from "../scripts/server-options.mjs";
import {
  type ChaosAccount,
  chaosTransaction,
  fakePaymentVendor,
  makeAccount,
  type Rng,
  seededRandom,
  stagePayload,
} from "./lib/chaos-fixtures";
import { ROOT } from "./lib/server";
import { env as config, setEnv } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";

const DATABASE_URL = config.DATABASE_URL;
const SEED = benchEnv.CHAOS_SEED;
const PORT = benchEnv.CHAOS_PORT;
const ACCOUNTS = benchEnv.CHAOS_ACCOUNTS;
const WORKERS = benchEnv.CHAOS_WORKERS;
const KILLS = benchEnv.CHAOS_KILLS;
const ABORT_P = benchEnv.CHAOS_ABORT;
const ABORT_MS = benchEnv.CHAOS_ABORT_MS;
const DUP_P = benchEnv.CHAOS_DUP;
const TX_BATCHES = benchEnv.CHAOS_TX_BATCHES;
const VENDOR_DELAY_MS = benchEnv.CHAOS_VENDOR_DELAY_MS;
const REGISTRATION_WAIT_S = benchEnv.CHAOS_REGISTRATION_WAIT_S;
const REQUEST_TIMEOUT_MS = benchEnv.CHAOS_REQUEST_TIMEOUT_MS;
const REBATCH_P = benchEnv.CHAOS_REBATCH;
const BASE = `http://127.0.0.1:${PORT}`;
const today = londonToday();
const periodStart = addDays(today, -30);

const rng = seededRandom(SEED);
const RUN = `${SEED.toString(36).toUpperCase()}${Date.now().toString(36).toUpperCase().slice(-5)}`;
const RUN_DIGITS = String(Date.now() % 1e8).padStart(8, "0");

// ---------------------------------------------------------------------------------------------
// Bookkeeping

const stats = {
  requests: 0,
  seen: 0,
  aborted: 0,
  connectionErrors: 0,
  duplicates: 0,
  resends: 0,
  retried429: 0,
  retried409: 0,
  vendor500: 0,
  kills: 0,
  stuck: 0,
  rebatched: 0,
  checks: 0,
};
const violations: string[] = [];
function violation(msg: string) {
  if (violations.length < 200) console.error(`VIOLATION: ${msg}`);
  violations.push(msg);
}
function check(ok: boolean, msg: () => string) {
  stats.checks++;
  if (!ok) violation(msg());
  return ok;
}

type Kind = "stage" | "process" | "notes" | "transactions" | "statements" | "payment" | "registration";
type Op = {
  name: string;
  kind: Kind;
  acc: ChaosAccount;
  path: string;
  body?: Record<string, unknown>;
  /** Requests of this operation sent so far (every copy). */
  sent: number;
  // What the operation intends, for the final checks.
  transactions?: Record<string, unknown>[];
  notes?: Record<string, unknown>[];
  statements?: Record<string, unknown>[];
  reference?: string;
  supplyStartDate?: string;
  /** created_at answered for each note, and transaction ids answered, across every answer. */
  noteCreatedAt?: (string | undefined)[];
  noteCreated?: number[];
  registrationDates?: Map<string, string>;
};
type Answer =
  | { seen: true; status: number; json: unknown; text: string; retryAfter: number }
  | { seen: false; reason: "abort" | "connection" };

/** (external, transaction_id) -> the added_transaction_id values answered, and how many times it was answered ADDED. */
const txAnswers = new Map<string, { ids: Set<string>; added: number }>();

// ---------------------------------------------------------------------------------------------
// Server lifecycle

let server: ChildProcess | null = null;
const serverLog = `/tmp/km-chaos-${PORT}-server.log`;
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NODE_OPTIONS: serverNodeOptions(config.NODE_OPTIONS),
  // Fixed for the run, so tokens stay valid across restarts.
  AUTH_SECRET: config.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  PAYMENT_VENDOR_STRIPE_TOKEN: "sk_test_chaos",
  PAYMENT_VENDOR_BOTTOMLINE_TOKEN: "bl_chaos",
  PAYMENT_VENDOR_TIMEOUT_MS: "2000",
  PAYMENT_VENDOR_BACKOFF_MS: "30",
  REGISTRATION_WORKER_POLL_MS: "300",
  REGISTRATION_RETRY_BACKOFF_SECONDS: "1",
};

async function startServer() {
  const log = fs.openSync(serverLog, "a");
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", log, log],
    detached: true,
  });
  server = child;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${serverLog}`);
    if (
      await fetch(`${BASE}/v1/products/?page_size=1`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`server did not come up in 60 s; see ${serverLog}`);
}

let lastKill = 0;

async function killServer() {
  lastKill = Date.now();
  const child = server;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGKILL");
  await exited;
  stats.kills++;
}

function stopServerSync() {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {}
  }
}
process.on("exit", stopServerSync);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Sending

let token = "";

/** Requests on the wire, for the progress line. */
const inFlight = new Set<{ op: Op; since: number }>();

async function request(op: Op, abortAfterMs: number | null): Promise<Answer> {
  stats.requests++;
  op.sent++;
  const flight = { op, since: Date.now() };
  inFlight.add(flight);
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), abortAfterMs ?? REQUEST_TIMEOUT_MS);
  let guard: NodeJS.Timeout | undefined;
  const attempt = (async (): Promise<Answer> => {
    try {
      const res = await fetch(BASE + op.path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Token ${token}` },
        body: op.body ? JSON.stringify(op.body) : undefined,
        signal: ac.signal,
      });
      const text = await res.text();
      stats.seen++;
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {}
      return {
        seen: true,
        status: res.status,
        json,
        text,
        retryAfter: Number(res.headers.get("retry-after") ?? 0) || 0,
      };
    } catch {
      if (ac.signal.aborted) stats.aborted++;
      else stats.connectionErrors++;
      return { seen: false, reason: ac.signal.aborted ? "abort" : "connection" };
    }
  })();
  // Seen once (Node 20's fetch): a request whose connection went away while it was queued
  // neither answered nor honoured the abort. A script gives up on it and resends.
  const stuck = new Promise<Answer>((resolve) => {
    guard = setTimeout(
      () => {
        stats.stuck++;
        console.log(
          `  ${op.name}: no answer and no error ${((Date.now() - flight.since) / 1000).toFixed(0)} s after it was sent (${((flight.since - lastKill) / 1000).toFixed(1)} s after the last kill); resending`,
        );
        resolve({ seen: false, reason: "abort" });
      },
      (abortAfterMs ?? REQUEST_TIMEOUT_MS) + 5000,
    );
  });
  try {
    return await Promise.race([attempt, stuck]);
  } finally {
    clearTimeout(timer);
    clearTimeout(guard);
    inFlight.delete(flight);
  }
}

type Verdict = "done" | "retry";

/**
 * Sends `op` until an answer that settles it is seen. With `chaos`, each round may abort the
 * request after a random delay and may send a second copy at the same moment; the round's
 * answers are all judged.
 */
async function deliver(op: Op, chaos: boolean, r: Rng) {
  let backoff = 100;
  for (let round = 0; ; round++) {
    if (round > 200) return void violation(`${op.name}: no settling answer after 200 rounds`);
    const dup = chaos && r.chance(DUP_P);
    const exclusive = op.sent === 0 && !dup;
    if (round > 0) stats.resends++;
    // A script that lost a batch's answer may send its transactions again in another shape:
    // the same items in reverse order, or split in two requests.
    if (round > 0 && chaos && op.kind === "transactions" && r.chance(REBATCH_P)) {
      stats.rebatched++;
      const list = op.transactions!;
      const half = Math.ceil(list.length / 2);
      const parts = r.chance(0.5) || list.length < 2 ? [[...list].reverse()] : [list.slice(0, half), list.slice(half)];
      for (const [i, part] of parts.entries()) {
        const sub: Op = {
          ...op,
          name: `${op.name}~${parts.length === 1 ? "reversed" : `part${i}`}`,
          transactions: part,
          body: { ...op.body, transactions: part },
        };
        await deliver(sub, chaos, r);
      }
      return;
    }
    if (dup) stats.duplicates++;
    const copies = [request(op, chaos && r.chance(ABORT_P) ? r.int(0, ABORT_MS) : null)];
    if (dup) copies.push(request(op, chaos && r.chance(ABORT_P) ? r.int(0, ABORT_MS) : null));
    const answers = await Promise.all(copies);
    let done = false;
    for (const a of answers) if (a.seen && judge(op, a, exclusive) === "done") done = true;
    if (done) return;
    // As a script should: a 500 payment_vendor_unavailable or 429 says when to retry (Retry-After).
    const told = Math.max(0, ...answers.map((a) => (a.seen ? a.retryAfter : 0)));
    await sleep(told ? told * 1000 : backoff * (0.5 + r.next()));
    backoff = Math.min(backoff * 2, 1000);
  }
}

const codeOf = (json: unknown) =>
  json && typeof json === "object" && "code" in json ? String((json as { code: unknown }).code) : undefined;

/** Checks one seen answer; says whether it settles the operation. */
function judge(op: Op, a: Extract<Answer, { seen: true }>, exclusive: boolean): Verdict {
  const code = codeOf(a.json);
  const where = `${op.name} (HTTP ${a.status}${code ? ` ${code}` : ""})`;
  if (a.status === 429) return (stats.retried429++, "retry");
  if (a.status === 409 && code === "concurrent_import") return (stats.retried409++, "retry");
  if (op.kind === "payment" && a.status === 500 && code === "payment_vendor_unavailable")
    return (stats.vendor500++, "retry");
  if (a.status >= 500) {
    violation(`${where}: unexpected server error: ${a.text.slice(0, 300)}`);
    return "retry";
  }
  switch (op.kind) {
    case "stage":
      if (a.status === 201) return "done";
      if (a.status === 200 || (a.status === 400 && code === "account_already_imported")) {
        check(!exclusive, () => `${where}: only one copy was ever sent, yet it found the account staged or imported`);
        return "done";
      }
      break;
    case "process": {
      const body = a.json as { account_number?: string };
      if (a.status === 201 || (a.status === 400 && code === "account_already_imported")) {
        if (a.status === 400)
          check(!exclusive, () => `${where}: only one copy was ever sent, yet it was already imported`);
        if (
          check(typeof body.account_number === "string", () => `${where}: no account_number in ${a.text.slice(0, 200)}`)
        ) {
          check(
            !op.acc.number || op.acc.number === body.account_number,
            () => `${where}: account number ${body.account_number} after ${op.acc.number}`,
          );
          op.acc.number = body.account_number;
        }
        return "done";
      }
      break;
    }
    case "transactions":
      if (a.status === 201) {
        const results = (a.json as { results?: Record<string, unknown>[] }).results ?? [];
        if (
          !check(
            results.length === op.transactions!.length,
            () => `${where}: ${results.length} results for ${op.transactions!.length} transactions`,
          )
        )
          return "done";
        results.forEach((res, i) => {
          const t = op.transactions![i];
          const id = String(t.transaction_id);
          const key = `${op.acc.external}/${id}`;
          const entry = txAnswers.get(key) ?? { ids: new Set<string>(), added: 0 };
          txAnswers.set(key, entry);
          const data = res.transaction_data as Record<string, unknown> | undefined;
          check(
            data?.transaction_id === id,
            () => `${where}: result ${i} echoes ${String(data?.transaction_id)} for ${id}`,
          );
          check(
            typeof res.added_transaction_id === "string",
            () => `${where}: result ${i} has no added_transaction_id`,
          );
          entry.ids.add(String(res.added_transaction_id));
          if (res.status === "TRANSACTION_ADDED_TO_ACCOUNT") {
            entry.added++;
            const moved = String(t.transaction_date) < periodStart;
            check(
              moved === (res.moved_to_date === periodStart),
              () => `${where}: ${id} dated ${String(t.transaction_date)}: moved_to_date ${String(res.moved_to_date)}`,
            );
            check(
              data?.status === "TRANSACTION_IMPORT_SUCCESS",
              () => `${where}: ${id} added without transaction_data.status`,
            );
          } else if (res.status === "TRANSACTION_ALREADY_EXISTS") {
            check(!exclusive, () => `${where}: ${id} TRANSACTION_ALREADY_EXISTS although only one copy was ever sent`);
          } else violation(`${where}: ${id} status ${String(res.status)}`);
        });
        return "done";
      }
      break;
    case "notes":
      if (a.status === 201) {
        const results = a.json as { created_at: string; body: string | null; status: string }[];
        if (
          !check(
            Array.isArray(results) && results.length === op.notes!.length,
            () => `${where}: wrong results ${a.text.slice(0, 200)}`,
          )
        )
          return "done";
        results.forEach((res, i) => {
          const n = op.notes![i];
          check(res.body === (n.body ?? null), () => `${where}: note ${i} echoes body ${String(res.body)}`);
          if (typeof n.created_at === "string")
            check(
              res.created_at === n.created_at.replace(/\.\d+Z$/, "Z"),
              () => `${where}: note ${i} created_at ${res.created_at} for ${String(n.created_at)}`,
            );
          const before = op.noteCreatedAt![i];
          check(
            before === undefined || before === res.created_at,
            () => `${where}: note ${i} answered created_at ${res.created_at}, earlier ${before}`,
          );
          op.noteCreatedAt![i] = res.created_at;
          if (res.status === "NOTE_CREATION_SUCCESS") op.noteCreated![i]++;
          else if (res.status === "NOTE_ALREADY_EXISTS")
            check(!exclusive, () => `${where}: note ${i} NOTE_ALREADY_EXISTS although only one copy was ever sent`);
          else violation(`${where}: note ${i} status ${res.status}`);
          check(
            op.noteCreated![i] <= 1,
            () => `${where}: note ${i} answered NOTE_CREATION_SUCCESS ${op.noteCreated![i]} times`,
          );
        });
        return "done";
      }
      break;
    case "statements":
      if (a.status === 201) {
        const body = a.json as { statements?: Record<string, unknown>[] };
        check(
          JSON.stringify(body.statements) === JSON.stringify(op.statements),
          () => `${where}: echoed ${JSON.stringify(body.statements).slice(0, 300)}`,
        );
        return "done";
      }
      if (a.status === 400 && code === "historical_statement_already_exists") {
        check(!exclusive, () => `${where}: already exists although only one copy was ever sent`);
        return "done";
      }
      break;
    case "payment":
      if (a.status === 400 && code === "payment_vendor_persistent_failure") {
        violation(
          `${where}: a short vendor outage became the final 400 (do not retry): the instruction would be given up`,
        );
        return "done";
      }
      if (a.status === 201) {
        const body = a.json as { platform_account_number?: string; reference?: string };
        check(
          body.platform_account_number === op.acc.number && body.reference === op.reference,
          () => `${where}: answered ${a.text.slice(0, 200)}`,
        );
        return "done";
      }
      break;
    case "registration":
      if (a.status === 200) {
        const body = a.json as {
          meter_points?: { mpxn: string; status: string; supply_start_date?: string; error_detail?: string }[];
        }[];
        const points = body?.[0]?.meter_points ?? [];
        check(points.length === (op.acc.mprn ? 2 : 1), () => `${where}: ${points.length} meter points`);
        for (const p of points) {
          if (
            !check(p.status === "REGISTRATION_FLOW_SUCCESS", () => `${where}: ${p.mpxn} ${p.status}: ${p.error_detail}`)
          )
            continue;
          if (op.supplyStartDate)
            check(p.supply_start_date === op.supplyStartDate, () => `${where}: ${p.mpxn} date ${p.supply_start_date}`);
          const before = op.registrationDates!.get(p.mpxn);
          check(
            before === undefined || before === p.supply_start_date,
            () => `${where}: ${p.mpxn} date ${p.supply_start_date}, earlier ${before}`,
          );
          op.registrationDates!.set(p.mpxn, p.supply_start_date!);
        }
        return "done";
      }
      break;
  }
  violation(`${where}: unexpected answer ${a.text.slice(0, 400)}`);
  return "done";
}

let settled = 0;

/** `workers` workers take operations from the list in order until it is empty. */
async function runWorkers(list: Op[], workers: number, chaos: boolean, onDone?: () => void) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const r = seededRandom(SEED * 1000 + w + (chaos ? 0 : 500));
      while (next < list.length) {
        const op = list[next++];
        await deliver(op, chaos, r);
        settled++;
        onDone?.();
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The operations of one account

const DATA_IMPORT = "/v1/data-import";

function opsFor(acc: ChaosAccount, supplier: string): Op[] {
  const ref = { import_supplier: supplier, external_account_number: acc.external };
  const op = (kind: Kind, name: string, p: string, extra: Partial<Op> = {}): Op => ({
    kind,
    name: `${acc.external}/${name}`,
    acc,
    path: p,
    sent: 0,
    ...extra,
  });
  const ops: Op[] = [];
  for (let j = 0; j < 2; j++) {
    const created = `${addDays(today, -rng.int(1, 20))}T${String(rng.int(10, 23)).padStart(2, "0")}:15:${String(rng.int(10, 59))}Z`;
    const notes = [
      {
        body: `Pinned note ${j} of ${acc.external}`,
        created_at: created,
        is_pinned: true,
        unpin_at: `${addDays(today, 30)}T00:00:00Z`,
      },
      { body: `Default-time note ${j} of ${acc.external}` },
      { body: `Sub-second note ${j} of ${acc.external}`, created_at: created.replace("Z", ".750Z") },
      { document_paths: [{ document_path: `/notes/doc-${j}.pdf` }] },
    ];
    ops.push(
      op("notes", `notes-${j}`, `${DATA_IMPORT}/notes/create/`, {
        body: { ...ref, notes },
        notes,
        noteCreatedAt: notes.map(() => undefined),
        noteCreated: notes.map(() => 0),
      }),
    );
  }
  let k = 0;
  for (let b = 0; b < TX_BATCHES; b++) {
    const n = rng.int(2, 40);
    const txs = Array.from({ length: n }, () => {
      const i = k++;
      return chaosTransaction(`TX-${acc.index}-${i}`, i, acc, today, rng);
    });
    ops.push(
      op("transactions", `transactions-${b}`, `${DATA_IMPORT}/transactions/create/`, {
        body: { ...ref, transactions: txs },
        transactions: txs,
      }),
    );
  }
  const statements = [
    {
      bill_period_from_date: addDays(today, -120),
      bill_period_to_date: addDays(today, -91),
      statement_id: `ST-${acc.index}-1`,
      issued_date: addDays(today, -90),
      number: `N${acc.index}1`,
      gross_amount: rng.int(-5000, 50000),
      statement_path: "statements/bill.pdf",
    },
    {
      bill_period_from_date: addDays(today, -90),
      bill_period_to_date: addDays(today, -61),
      statement_id: `ST-${acc.index}-2`,
      issued_date: addDays(today, -60),
      number: `N${acc.index}2`,
      gross_amount: rng.int(-5000, 50000),
    },
  ];
  ops.push(
    op("statements", "statements", `${DATA_IMPORT}/historical-statements/create/`, {
      body: { ...ref, statements },
      statements,
    }),
  );
  // F<k>: the vendor fails the first k lookups; O<ms>: it is down for <ms> ms from the first
  // one, shorter than three requests one after another take, so the answer must stay 500.
  const flaky = rng.pick(["", "", "", "", "F2", "F4", "O400"]);
  const stripe = rng.chance(0.5);
  const reference = stripe ? `pm_${RUN}${acc.index}${flaky}` : `MD${RUN}${acc.index}${flaky}`;
  ops.push(
    op("payment", "payment", `${DATA_IMPORT}/payment-instruction/create/`, {
      body: { ...ref, vendor: stripe ? "STRIPE" : "BOTTOMLINE_PTX", reference, type: stripe ? "CARD" : "DIRECT_DEBIT" },
      reference,
    }),
  );
  const explicit = acc.index % 2 === 1 ? addDays(today, 14) : undefined;
  ops.push(
    op(
      "registration",
      "registration",
      `${DATA_IMPORT}/send-registration-flows/${supplier}/${acc.external}/${explicit ? `?supply_start_date=${explicit}` : ""}`,
      {
        supplyStartDate: explicit ?? addDays(today, 1),
        registrationDates: new Map(),
      },
    ),
  );
  return ops;
}

// ---------------------------------------------------------------------------------------------

async function obtainToken(apiKey: string) {
  for (let i = 0; i < 20; i++) {
    try {
      const res = await fetch(`${BASE}/v1/graphql/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `mutation { obtainKrakenToken(input: {APIKey: "${apiKey}"}) { token } }` }),
      });
      const body = (await res.json()) as { data?: { obtainKrakenToken?: { token: string } } };
      if (body.data?.obtainKrakenToken) return body.data.obtainKrakenToken.token;
      throw new Error(JSON.stringify(body));
    } catch (err) {
      if (i === 19) throw err;
      await sleep(500);
    }
  }
  throw new Error("unreachable");
}

/** Every 15 s: where the run is, and the oldest request still waiting for its answer. */
function startProgress(phase: () => string) {
  const timer = setInterval(() => {
    const oldest = [...inFlight].sort((a, b) => a.since - b.since)[0];
    console.log(
      `  [${phase()}] operations settled ${settled}, requests ${stats.requests}, in flight ${inFlight.size}${oldest ? ` (oldest ${oldest.op.name}, ${((Date.now() - oldest.since) / 1000).toFixed(0)} s)` : ""}, violations ${violations.length}`,
    );
  }, 15_000);
  timer.unref();
  return () => clearInterval(timer);
}

async function main() {
  if (!DATABASE_URL) throw new Error("DATABASE_URL is required (a scratch PostgreSQL database)");
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npx next build` first");
  const started = performance.now();
  console.log(
    `resend-chaos seed ${SEED}: ${ACCOUNTS} accounts, ${WORKERS} workers, ${KILLS} kills, abort ${ABORT_P}, duplicate ${DUP_P}; server log ${serverLog}`,
  );

  // Organisation, supplier and documents, straight in the database (operators' work, not the API's).
  const docRoot = `/tmp/km-chaos-docs-${PORT}`;
  fs.mkdirSync(path.join(docRoot, "notes"), { recursive: true });
  fs.mkdirSync(path.join(docRoot, "statements"), { recursive: true });
  for (const f of ["notes/doc-0.pdf", "notes/doc-1.pdf", "statements/bill.pdf"])
    fs.writeFileSync(path.join(docRoot, f), "%PDF-1.4\n");
  // Document roots must lie in an allowed store, here and in the server this script starts.
  setEnv({ DOCUMENT_ROOT_ALLOWLIST: (serverEnv.DOCUMENT_ROOT_ALLOWLIST = `file://${docRoot}`) });
  const handle = await openDatabase({ url: DATABASE_URL });
  const sys = systemCtx(handle.db, "resend-chaos");
  await loadDemoProducts(sys, { only: ["VAR-22-11-01"] });
  const { organisation, apiKey } = await createOrganisation(sys, { name: `Chaos ${RUN}` });
  const supplier = await createSupplier(systemCtx(handle.db, "resend-chaos", organisation.id), {
    code: `CHAOS-${RUN}`,
    documentRoot: `file://${docRoot}`,
  });
  await handle.close();

  const vendor = fakePaymentVendor(VENDOR_DELAY_MS);
  const vendorUrl = await vendor.start();
  serverEnv.PAYMENT_VENDOR_STRIPE_URL = vendorUrl;
  serverEnv.PAYMENT_VENDOR_BOTTOMLINE_URL = vendorUrl;
  fs.writeFileSync(serverLog, "");
  await startServer();
  token = await obtainToken(apiKey!.key);

  // Accounts through the API, with the same faults (no kills).
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => makeAccount(RUN, RUN_DIGITS, i));
  const stageOps: Op[] = accounts.map((acc) => ({
    kind: "stage",
    name: `${acc.external}/stage`,
    acc,
    path: `${DATA_IMPORT}/account-import-process/create-or-update/`,
    body: stagePayload(supplier.code, acc, today),
    sent: 0,
  }));
  const processOps: Op[] = accounts.map((acc) => ({
    kind: "process",
    name: `${acc.external}/process`,
    acc,
    path: `${DATA_IMPORT}/account-import-process/process/`,
    body: { import_supplier: supplier.code, external_account_number: acc.external },
    sent: 0,
  }));
  let phase = "staging";
  const stopProgress = startProgress(() => phase);
  await runWorkers(stageOps, WORKERS, true);
  phase = "processing";
  await runWorkers(processOps, WORKERS, true);
  phase = "load";
  const importSeconds = (performance.now() - started) / 1000;
  console.log(
    `accounts staged and processed: ${accounts.filter((a) => a.number).length}/${ACCOUNTS} (${importSeconds.toFixed(0)} s)`,
  );

  // The load, with server kills at random points of it.
  const ops = rng.shuffle(accounts.filter((a) => a.number).flatMap((acc) => opsFor(acc, supplier.code)));
  const killAt = Array.from({ length: KILLS }, (_, i) =>
    Math.floor(ops.length * ((i + 0.3 + rng.next() * 0.5) / (KILLS + 0.5))),
  ).sort((x, y) => x - y);
  let completed = 0;
  let killing: Promise<void> | null = null;
  const loadStarted = performance.now();
  const onDone = () => {
    completed++;
    if (!killing && killAt.length && completed >= killAt[0]) {
      killAt.shift();
      killing = (async () => {
        await sleep(rng.int(0, 300));
        await killServer();
        console.log(`killed the server (SIGKILL) after ${completed}/${ops.length} operations`);
        await sleep(rng.int(200, 1500));
        await startServer();
        console.log("server restarted");
      })().finally(() => (killing = null));
    }
  };
  await runWorkers(ops, WORKERS, true, onDone);
  while (killing) await killing;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(`load: ${ops.length} operations in ${loadSeconds.toFixed(0)} s`);

  phase = "verifying";
  await verifyDatabase(
    accounts.filter((a) => a.number),
    ops,
    supplier.code,
  );

  // Every operation once more, cleanly: each must answer as a resend.
  const before = { ...stats };
  const cleanOps = ops.map((o) => ({ ...o, sent: 1, name: `${o.name} (final resend)` }));
  const finalAnswers: { op: Op; a: Answer }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (next < cleanOps.length) {
        const op = cleanOps[next++];
        finalAnswers.push({ op, a: await request(op, null) });
      }
    }),
  );
  const txIds = await dbTransactionIds(supplier.code);
  for (const { op, a } of finalAnswers) {
    if (!check(a.seen, () => `${op.name}: no answer`) || !a.seen) continue;
    const where = `${op.name} (HTTP ${a.status})`;
    switch (op.kind) {
      case "transactions": {
        const results = (a.json as { results?: Record<string, unknown>[] }).results ?? [];
        check(
          a.status === 201 && results.length === op.transactions!.length,
          () => `${where}: ${a.text.slice(0, 300)}`,
        );
        results.forEach((res, i) => {
          const id = String(op.transactions![i].transaction_id);
          check(
            res.status === "TRANSACTION_ALREADY_EXISTS" &&
              res.added_transaction_id === txIds.get(`${op.acc.external}/${id}`),
            () => `${where}: ${id} answered ${res.status} ${String(res.added_transaction_id)}`,
          );
        });
        break;
      }
      case "notes": {
        const results = a.json as { created_at: string; status: string }[];
        check(a.status === 201 && Array.isArray(results), () => `${where}: ${a.text.slice(0, 300)}`);
        if (Array.isArray(results))
          results.forEach((res, i) =>
            check(
              res.status === "NOTE_ALREADY_EXISTS" && res.created_at === op.noteCreatedAt![i],
              () => `${where}: note ${i} answered ${res.status} ${res.created_at}, stored ${op.noteCreatedAt![i]}`,
            ),
          );
        break;
      }
      case "statements":
        check(
          a.status === 400 && codeOf(a.json) === "historical_statement_already_exists",
          () => `${where}: ${a.text.slice(0, 300)}`,
        );
        break;
      default:
        judge(op, a, false);
    }
  }
  const finalRequests = stats.requests - before.requests;
  stopProgress();
  await vendor.stop();
  stopServerSync();

  const s = stats;
  console.log("\nresend-chaos summary");
  console.log(
    `  seed ${SEED}, ${ACCOUNTS} accounts, ${WORKERS} workers, ${((performance.now() - started) / 1000).toFixed(0)} s (load ${loadSeconds.toFixed(0)} s)`,
  );
  console.log(
    `  operations: ${stageOps.length + processOps.length} account imports, ${ops.length} data-import (${countBy(ops)})`,
  );
  console.log(
    `  requests: ${s.requests - finalRequests} under chaos + ${finalRequests} final resends; answers seen ${s.seen}`,
  );
  console.log(
    `  faults: ${s.aborted} aborted client-side, ${s.duplicates} concurrent duplicates, ${s.kills} server kills (${s.connectionErrors} connection errors, ${s.stuck} requests without answer or error after the timeout)`,
  );
  console.log(
    `  resends of unsettled operations: ${s.resends} (${s.rebatched} transaction batches resent reversed or split); retried as told: ${s.vendor500} payment_vendor_unavailable, ${s.retried429} 429, ${s.retried409} concurrent_import`,
  );
  console.log(`  fake vendor: ${vendor.requests()} lookups`);
  console.log(`  checks: ${s.checks - violations.length} passed, ${violations.length} failed`);
  if (violations.length) {
    const kinds = new Map<string, number>();
    for (const v of violations)
      kinds.set(
        v
          .replace(/CHAOS-\S+/g, "*")
          .replace(/\d+/g, "N")
          .slice(0, 120),
        (kinds.get(
          v
            .replace(/CHAOS-\S+/g, "*")
            .replace(/\d+/g, "N")
            .slice(0, 120),
        ) ?? 0) + 1,
      );
    console.log("  violations by kind:");
    for (const [k, n] of kinds) console.log(`    ${n} × ${k}`);
    process.exitCode = 1;
  } else console.log("  RESULT: no violation");
}

const countBy = (ops: Op[]) => {
  const m = new Map<string, number>();
  for (const o of ops) m.set(o.kind, (m.get(o.kind) ?? 0) + 1);
  return [...m].map(([k, n]) => `${n} ${k}`).join(", ");
};

async function dbTransactionIds(supplierCode: string) {
  const sql = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
  const rows = await sql<{ external: string; transaction_id: string; id: string }[]>`
    select a.external_account_number external, t.transaction_id, t.id::text id
    from transactions t join accounts a on a.id = t.account_id join import_suppliers s on s.id = a.supplier_id where s.code = ${supplierCode}`;
  await sql.end();
  return new Map(rows.map((r) => [`${r.external}/${r.transaction_id}`, r.id]));
}

/** Exactly the intended rows, and their events, in the database. */
async function verifyDatabase(accounts: ChaosAccount[], ops: Op[], supplierCode: string) {
  const sql = postgres(DATABASE_URL!, { max: 2, onnotice: () => {} });
  const numbers = accounts.map((a) => a.number!);
  const eq = (what: string, got: unknown, want: unknown) =>
    check(
      JSON.stringify(got) === JSON.stringify(want),
      () => `${what}: found ${JSON.stringify(got)}, intended ${JSON.stringify(want)}`,
    );
  const group = <T>(xs: T[], key: (x: T) => string) => {
    const m = new Map<string, T[]>();
    for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
    return m;
  };
  const acctFilter = sql`a.supplier_id = (select id from import_suppliers where code = ${supplierCode})`;

  // Transactions: each intended one exactly once, with its content; nothing else.
  const txRows = await sql<
    {
      external: string;
      id: string;
      transaction_id: string;
      amount: string;
      type: string;
      transaction_date: string;
      original: string | null;
    }[]
  >`
    select a.external_account_number external, t.id::text id, t.transaction_id, t.amount::text amount, t.type, t.transaction_date::text transaction_date, t.original_transaction_date::text original
    from transactions t join accounts a on a.id = t.account_id where ${acctFilter}`;
  const txByKey = group(txRows, (r) => `${r.external}/${r.transaction_id}`);
  const intended = new Map<string, Record<string, unknown>>();
  for (const op of ops.filter((o) => o.kind === "transactions"))
    for (const t of op.transactions!) intended.set(`${op.acc.external}/${String(t.transaction_id)}`, t);
  for (const [key, t] of intended) {
    const rows = txByKey.get(key) ?? [];
    if (!check(rows.length === 1, () => `transaction ${key}: ${rows.length} rows`)) continue;
    const row = rows[0];
    const date = String(t.transaction_date);
    eq(
      `transaction ${key}`,
      [row.type, Number(row.amount).toFixed(2), row.transaction_date, row.original],
      [t.type, (t.amount as number).toFixed(2), date < periodStart ? periodStart : date, date],
    );
    const answered = txAnswers.get(key);
    // ADDED at most once (its answer may have been lost to an abort or a kill); every answer names the stored row.
    check(
      !!answered && answered.added <= 1 && answered.ids.size === 1 && answered.ids.has(row.id),
      () =>
        `transaction ${key}: answered ADDED ${answered?.added} times, ids ${[...(answered?.ids ?? [])]}, stored ${row.id}`,
    );
  }
  for (const key of txByKey.keys())
    check(intended.has(key), () => `transaction ${key}: in the database, never intended`);

  // One billing.ledger.entry_posted per transaction: a fan-out row stands for one per listed id (ADR 0303).
  const posted = await sql<{ source_id: string; n: number }[]>`
    select source_id::text, count(*)::int n from (
      select coalesce(f.id, (e.payload->'entry'->>'source_id')::bigint) source_id
      from events e left join lateral unnest(e.fanout_ids) as f(id) on true
      where e.type = 'billing.ledger.entry_posted' and e.account_number = any(${numbers})) as entries
    group by 1`;
  const postedBy = new Map(posted.map((p) => [p.source_id, p.n]));
  for (const r of txRows)
    check(
      postedBy.get(r.id) === 1,
      () => `transaction ${r.external}/${r.transaction_id}: ${postedBy.get(r.id) ?? 0} entry_posted events`,
    );
  const txIds = new Set(txRows.map((r) => r.id));
  for (const p of posted)
    check(txIds.has(p.source_id), () => `entry_posted for transaction id ${p.source_id}, which does not exist`);

  // Notes: the intended ones once each; one pinned date-moved note per batch that moved dates.
  const noteRows = await sql<
    { external: string; id: string; body: string | null; paths: string | null; source: string; created_at: string }[]
  >`
    select a.external_account_number external, n.id::text id, n.body, n.document_paths->0->>'document_path' paths, n.source,
      to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') created_at
    from notes n join accounts a on a.id = n.account_id where ${acctFilter}`;
  const importNotes = group(
    noteRows.filter((n) => n.source === "import"),
    (n) => `${n.external}/${n.body ?? n.paths}`,
  );
  const intendedNotes = new Map<string, { created_at: string | undefined }>();
  for (const op of ops.filter((o) => o.kind === "notes")) {
    op.notes!.forEach((n, i) => {
      const paths = n.document_paths as { document_path: string }[] | undefined;
      intendedNotes.set(`${op.acc.external}/${(n.body as string | undefined) ?? paths![0].document_path}`, {
        created_at: op.noteCreatedAt![i],
      });
    });
  }
  for (const [key, n] of intendedNotes) {
    const rows = importNotes.get(key) ?? [];
    if (check(rows.length === 1, () => `note ${key}: ${rows.length} rows`))
      eq(`note ${key} created_at`, rows[0].created_at, n.created_at);
  }
  for (const key of importNotes.keys())
    check(intendedNotes.has(key), () => `note ${key}: in the database, never intended`);
  // Each transaction whose date was moved is named by exactly one pinned date-moved note of its
  // account (one note per request that moved dates; a batch resent split names its parts apart).
  const movedNamed = new Map<string, number>();
  for (const n of noteRows.filter((x) => x.source === "transaction_date_moved")) {
    for (const m of (n.body ?? "").matchAll(/(TX-\d+-\d+) \(/g))
      movedNamed.set(`${n.external}/${m[1]}`, (movedNamed.get(`${n.external}/${m[1]}`) ?? 0) + 1);
  }
  for (const [key, t] of intended) {
    const moved = String(t.transaction_date) < periodStart;
    check(
      (movedNamed.get(key) ?? 0) === (moved ? 1 : 0),
      () => `transaction ${key} (${String(t.transaction_date)}): named by ${movedNamed.get(key) ?? 0} date-moved notes`,
    );
  }
  for (const key of movedNamed.keys()) check(intended.has(key), () => `date-moved note names ${key}, never intended`);
  const noteEvents = await sql<{ identifier: string; resource: string; n: number }[]>`
    select payload->>'identifier' identifier, payload->>'resource_type' resource, count(*)::int n from events
    where type = 'data_import.import_process.post_import.completed' and account_number = any(${numbers}) group by 1, 2`;
  const eventsBy = new Map(noteEvents.map((e) => [`${e.resource}/${e.identifier}`, e.n]));
  const importNoteIds = noteRows.filter((n) => n.source === "import").map((n) => n.id);
  for (const id of importNoteIds)
    check(
      eventsBy.get(`note/${id}`) === 1,
      () => `note ${id}: ${eventsBy.get(`note/${id}`) ?? 0} post_import.completed events`,
    );
  eq("post_import.completed note events", noteEvents.filter((e) => e.resource === "note").length, importNoteIds.length);

  // Historical statements.
  const stRows = await sql<
    { external: string; statement_id: string; gross: string; path: string | null; account_number: string }[]
  >`
    select a.external_account_number external, h.statement_id, h.gross_amount_pence::text gross, h.statement_path path, a.number account_number
    from historical_statements h join accounts a on a.id = h.account_id where ${acctFilter}`;
  const stByKey = group(stRows, (r) => `${r.external}/${r.statement_id}`);
  const intendedSt = ops
    .filter((o) => o.kind === "statements")
    .flatMap((o) => o.statements!.map((s) => ({ key: `${o.acc.external}/${String(s.statement_id)}`, s })));
  for (const { key, s } of intendedSt) {
    const rows = stByKey.get(key) ?? [];
    if (check(rows.length === 1, () => `statement ${key}: ${rows.length} rows`))
      eq(`statement ${key}`, [rows[0].gross, rows[0].path], [String(s.gross_amount), s.statement_path ?? null]);
  }
  eq("historical statements", stRows.length, intendedSt.length);
  const stEvents = await sql<{ account_number: string; identifier: string; n: number }[]>`
    select account_number, payload->>'identifier' identifier, count(*)::int n from events
    where type = 'data_import.import_process.post_import.completed' and payload->>'resource_type' = 'historical_statement' and account_number = any(${numbers}) group by 1, 2`;
  eq(
    "statement events (count, all single)",
    [stEvents.length, stEvents.every((e) => e.n === 1)],
    [intendedSt.length, true],
  );

  // Payment instructions: the intended one, active, once per account; one event each.
  const piRows = await sql<{ external: string; id: string; reference: string; status: string }[]>`
    select a.external_account_number external, p.id::text id, p.reference, p.status from payment_instructions p join accounts a on a.id = p.account_id where ${acctFilter}`;
  const piBy = group(piRows, (r) => r.external);
  for (const op of ops.filter((o) => o.kind === "payment"))
    eq(
      `payment instructions of ${op.acc.external}`,
      (piBy.get(op.acc.external) ?? []).map((r) => [r.reference, r.status]),
      [[op.reference, "active"]],
    );
  eq("payment instructions", piRows.length, ops.filter((o) => o.kind === "payment").length);
  for (const r of piRows)
    check(
      eventsBy.get(`payment_instruction/${r.id}`) === 1,
      () => `payment instruction ${r.external}: ${eventsBy.get(`payment_instruction/${r.id}`) ?? 0} events`,
    );

  // Registrations: one per meter point, with the intended date, one event and one job each, all sent.
  const regQuery = () => sql<
    { external: string; id: string; mpxn: string; status: string; date: string; error: string | null }[]
  >`
    select a.external_account_number external, r.id::text id, r.mpxn, r.status, r.supply_start_date::text date, r.error_detail error
    from meter_point_registrations r join accounts a on a.id = r.account_id where ${acctFilter}`;
  let regRows = await regQuery();
  const deadline = Date.now() + REGISTRATION_WAIT_S * 1000;
  while (regRows.some((r) => r.status === "requested") && Date.now() < deadline) {
    await sleep(1000);
    regRows = await regQuery();
  }
  const regBy = group(regRows, (r) => r.external);
  for (const op of ops.filter((o) => o.kind === "registration")) {
    const want = [op.acc.mpan, ...(op.acc.mprn ? [op.acc.mprn] : [])]
      .sort()
      .map((m) => [m, "sent", op.supplyStartDate]);
    eq(
      `registrations of ${op.acc.external}`,
      (regBy.get(op.acc.external) ?? []).map((r) => [r.mpxn, r.status, r.date]).sort(),
      want,
    );
  }
  const regEvents = await sql<{ mpxn: string; n: number }[]>`
    select coalesce(payload->>'mpan', payload->>'mprn') mpxn, count(*)::int n from events
    where type in ('meterpoint.elec.cos_gain.registration.requested', 'meterpoint.gas.cos_gain.registration.requested') and account_number = any(${numbers}) group by 1`;
  const regEventsBy = new Map(regEvents.map((e) => [e.mpxn, e.n]));
  for (const r of regRows)
    check(
      regEventsBy.get(r.mpxn) === 1,
      () => `registration ${r.mpxn}: ${regEventsBy.get(r.mpxn) ?? 0} requested events`,
    );
  const jobs = await sql<{ rid: string; n: number; done: number }[]>`
    select payload->>'registration_id' rid, count(*)::int n, count(*) filter (where status = 'done')::int done from jobs
    where queue = 'registration' and (payload->>'registration_id')::bigint = any(${regRows.map((r) => Number(r.id))}) group by 1`;
  const jobsBy = new Map(jobs.map((j) => [j.rid, j]));
  for (const r of regRows)
    check(
      jobsBy.get(r.id)?.n === 1 && jobsBy.get(r.id)?.done === 1,
      () => `registration ${r.mpxn}: jobs ${JSON.stringify(jobsBy.get(r.id) ?? null)}`,
    );
  await sql.end();
}

main().catch((err) => {
  console.error(err);
  stopServerSync();
  process.exit(2);
});
