// Profiling aid, not a benchmark: the JavaScript stages of POST data-import/transactions/create/
// run in a loop on one 500-item body (no HTTP, no database), printing each stage's CPU per
// transaction once warm. Stable to a few percent, unlike the end-to-end rate, so it shows
// whether a change to the route's own code helps: `npx tsx bench/cpu-stages.ts`.
//
//   STAGES_ITERATIONS=400 bodies per stage per pass; STAGES_PASSES=5 (the last pass is printed)
import { transactionsFor } from "./lib/import-fixtures";
import { parseExactJson } from "@/server/lib/exact-json";
import { validateTransactions } from "@/server/services/transactions/validate-transactions";
import { transactionRow } from "@/server/services/transactions/transaction-rows";
import { renderTransactionData } from "@/server/services/transactions/transaction-errors";
import { insertParameters } from "@/server/services/transactions/insert-transactions";
import { benchEnv } from "@/bench/env.mjs";

const ITER = benchEnv.STAGES_ITERATIONS;
const PASSES = benchEnv.STAGES_PASSES;
const N = 500;
const text = JSON.stringify({
  import_supplier: "BENCH",
  external_account_number: "BENCH-1",
  transactions: transactionsFor("STAGES-RUN-c0", N),
});

const time = (fn: () => unknown) => {
  const t0 = process.cpuUsage();
  for (let i = 0; i < ITER; i++) fn();
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / ITER / N;
};

let sink: unknown;
for (let pass = 0; pass < PASSES; pass++) {
  const body = parseExactJson(text) as { transactions: unknown[] };
  const { valid } = validateTransactions(body.transactions);
  const rows = valid.map((t) =>
    transactionRow(1, t, { postedDate: t.transaction_date, description: null }, "2026-01-01", "req-1"),
  );
  const results = body.transactions.map((raw) => ({
    status: "TRANSACTION_ADDED_TO_ACCOUNT",
    transaction_data: renderTransactionData(raw),
    added_transaction_id: "123456789",
  }));
  const stages: [string, () => unknown][] = [
    ["parse body (parseExactJson)", () => (sink = parseExactJson(text))],
    [
      "validate (zod + checks)",
      () => (sink = validateTransactions((parseExactJson(text) as typeof body).transactions)),
    ],
    ["  of which parse again", () => (sink = parseExactJson(text))],
    [
      "rows (transactionRow)",
      () =>
        (sink = valid.map((t) =>
          transactionRow(1, t, { postedDate: t.transaction_date, description: null }, "2026-01-01", "req-1"),
        )),
    ],
    ["insert parameters", () => (sink = insertParameters(rows))],
    ["render echo (renderTransactionData)", () => (sink = body.transactions.map((raw) => renderTransactionData(raw)))],
    ["response JSON.stringify", () => (sink = JSON.stringify({ results }))],
  ];
  const out = stages.map(([name, fn]) => [name, time(fn)] as const);
  if (pass === PASSES - 1) {
    const validate = out[1][1] - out[2][1];
    console.log("CPU per transaction, µs (500-item body, warm):");
    for (const [name, us] of out)
      console.log(`  ${name.padEnd(38)} ${(name === "validate (zod + checks)" ? validate : us).toFixed(2)}`);
    const total = out.reduce(
      (s, [name, us]) => s + (name.startsWith("  ") ? 0 : name === "validate (zod + checks)" ? validate : us),
      0,
    );
    console.log(`  ${"total".padEnd(38)} ${total.toFixed(2)}`);
  }
}
void sink;
