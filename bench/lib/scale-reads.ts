import type { Db } from "@/db/client";
import { createCaller } from "@/server/api/root";
import type { ScaleSeed } from "./scale-template";

// The console's heaviest reads, called as the console calls them: through the tRPC
// procedures (the server-side caller the tests use), as an operator of the first organisation.

export type ReadTarget = { seed: ScaleSeed; accountNumber: string; mpan: string; external: string };
export type ReadFigure = { name: string; p50: number; p99: number; max: number };

const DAY = 86_400_000;

/** Each read as [name, call]; the same list runs on the fresh and the scale database. */
export function consoleReads(db: Db, target: ReadTarget): [string, () => Promise<unknown>][] {
  const org = target.seed.organisations[0];
  const supplier = target.seed.suppliers[0].code;
  const caller = createCaller({
    db,
    requestId: "bench-scale",
    user: {
      id: org.userId,
      organisationId: org.id,
      role: "operator",
      email: "operator@scale.example",
      name: "Scale operator",
    },
  });
  const now = Date.now();
  const acc = target.accountNumber;
  return [
    ["event log: first page", () => caller.event.list({ limit: 50 })],
    ["event log: type prefix data_import.", () => caller.event.list({ typePrefix: "data_import.", limit: 50 })],
    ["event log: type prefix account.created", () => caller.event.list({ typePrefix: "account.created", limit: 50 })],
    ["event log: by account (with total)", () => caller.event.list({ accountNumber: acc, limit: 50, withTotal: true })],
    [
      "event log: time range, a day 9 months back",
      () => caller.event.list({ from: new Date(now - 270 * DAY), to: new Date(now - 269 * DAY), limit: 50 }),
    ],
    [
      "event log: time range, a month 6 months back",
      () => caller.event.list({ from: new Date(now - 180 * DAY), to: new Date(now - 150 * DAY), limit: 50 }),
    ],
    ["event log: pending", () => caller.event.list({ delivery: "pending", limit: 50 })],
    ["event log: published", () => caller.event.list({ delivery: "published", limit: 50 })],
    ["event log: delivery status", () => caller.event.delivery()],
    ["account page: details", () => caller.account.get({ accountNumber: acc })],
    ["account page: transactions tab", () => caller.account.transactions({ accountNumber: acc })],
    ["account page: notes tab", () => caller.account.notes({ accountNumber: acc })],
    ["account page: records tab", () => caller.account.records({ accountNumber: acc })],
    ["account page: events tab", () => caller.event.list({ accountNumber: acc, limit: 50, withTotal: true })],
    ["supplier list with counts", () => caller.supplier.list({})],
    ["supplier page", () => caller.supplier.get({ code: supplier })],
    ["import list: newest first", () => caller.accountImport.list({ importSupplier: supplier })],
    [
      "import list: failed, by external number",
      () =>
        caller.accountImport.list({
          importSupplier: supplier,
          status: "failed",
          sort: "external_account_number",
          direction: "asc",
        }),
    ],
    [
      "import list: search, by updated",
      () => caller.accountImport.list({ importSupplier: supplier, search: "EXT-00001", sort: "updated_at" }),
    ],
    ["account search: MPAN", () => caller.account.find({ query: target.mpan })],
    ["account search: external number", () => caller.account.find({ query: target.external.toLowerCase() })],
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Times each read `runs` times one after another (after `warm` untimed calls): p50, p99 and max in ms. */
export async function timeReads(
  reads: [string, () => Promise<unknown>][],
  runs: number,
  warm = 3,
): Promise<ReadFigure[]> {
  const out: ReadFigure[] = [];
  for (const [name, call] of reads) {
    for (let i = 0; i < warm; i++) await call();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await call();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    out.push({ name, p50: pct(ms, 50), p99: pct(ms, 99), max: ms[ms.length - 1] });
  }
  return out;
}
