import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { accounts, events, historicalStatements } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { effectPence, makeImportedAccount, makeLedgerAccount, makeTransactions, pence, uniq } from "@/test/factories";
import { codeOf, consoleWorld } from "@/test/factories";
import { exportLedgerCsv, LEDGER_CSV_HEADER } from "@/server/services/support/export-ledger-csv";

const t = useTestDb();

let shared: ReturnType<typeof build> | undefined;
const world = () => (shared ??= build());
async function build() {
  const w = await consoleWorld(t.db);
  const acc = await makeLedgerAccount(w.org, w.supplier.code);
  const opening = pence(acc.payload.transfer_balance as string);
  let running = opening;
  // Expected from the payload alone: posting order is the order sent (dates ascend in it).
  const expected = acc.posted.map((p) => ({
    id: p.transaction_id,
    type: p.type,
    effect: effectPence(p),
    balance: (running += effectPence(p)),
  }));
  return { w, acc, opening, expected };
}
const p = (v: string) => pence(v);

describe("support.ledger", () => {
  it("lists every transaction in posting order with the running balance from the transfer balance, credit positive", async () => {
    const { w, acc, opening, expected } = await world();
    const ledger = await w.support.support.ledger({ filter: { accountNumber: acc.accountNumber } });
    expect(p(ledger.openingBalance)).toBe(opening);
    expect(
      ledger.items.map((i) => ({ id: i.transactionId, type: i.type, effect: p(i.effect), balance: p(i.balance) })),
    ).toEqual(expected);
    expect(p(ledger.closingBalance)).toBe(expected[expected.length - 1].balance);
    // The convention once more, by type: a charge and a repayment lower the balance; a payment and a credit raise it; a negative charge reverses one.
    const effectOf = (id: string) => p(ledger.items.find((i) => i.transactionId === id)!.effect);
    expect(effectOf(`${acc.external}-H1`)).toBe(-8430);
    expect(effectOf(`${acc.external}-H2`)).toBe(500);
    expect(effectOf(`${acc.external}-L0`)).toBe(4000);
    expect(effectOf(`${acc.external}-L2`)).toBe(510);
    expect(effectOf(`${acc.external}-L4`)).toBe(-750);
  });

  it("filters to payments with their balances and the filter's totals, and pages by keyset", async () => {
    const { w, acc, expected } = await world();
    const payments = await w.support.support.ledger({
      filter: { accountNumber: acc.accountNumber, types: ["PAYMENT"] },
    });
    const want = expected.filter((e) => e.type === "PAYMENT");
    expect(payments.items.map((i) => [i.transactionId, p(i.balance)])).toEqual(want.map((e) => [e.id, e.balance]));
    expect(payments.totals.count).toBe(3);
    expect(p(payments.totals.net)).toBe(want.reduce((s, e) => s + e.effect, 0));
    const dated = await w.support.support.ledger({
      filter: { accountNumber: acc.accountNumber, from: "2026-11-08", to: "2026-11-12", minAmount: "0" },
    });
    expect(dated.items.map((i) => i.transactionId)).toEqual([`${acc.external}-L1`, `${acc.external}-L3`]);
    expect([p(dated.totals.added), p(dated.totals.taken)]).toEqual([6025, -5510]);
    const byReason = await w.support.support.ledger({
      filter: { accountNumber: acc.accountNumber, reason: "PARTIAL_CREDIT_REFUND" },
    });
    expect(byReason.items.map((i) => i.transactionId)).toEqual([`${acc.external}-L4`]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof w.support.support.ledger>> = await w.support.support.ledger({
        filter: { accountNumber: acc.accountNumber },
        cursor,
        limit: 4,
      });
      seen.push(...page.items.map((i) => `${i.transactionId}:${p(i.balance)}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected.map((e) => `${e.id}:${e.balance}`));
  });

  it("lists newest first on request: the same entries and balances the other way round, paged by keyset, filters applied", async () => {
    const { w, acc, expected } = await world();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof w.support.support.ledger>> = await w.support.support.ledger({
        filter: { accountNumber: acc.accountNumber },
        order: "newest",
        cursor,
        limit: 3,
      });
      seen.push(...page.items.map((i) => `${i.transactionId}:${p(i.balance)}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected.map((e) => `${e.id}:${e.balance}`).reverse());
    const payments = await w.support.support.ledger({
      filter: { accountNumber: acc.accountNumber, types: ["PAYMENT"] },
      order: "newest",
    });
    expect(payments.items.map((i) => i.transactionId)).toEqual(
      expected
        .filter((e) => e.type === "PAYMENT")
        .map((e) => e.id)
        .reverse(),
    );
    expect(payments.totals.count).toBe(3);
  });

  it("shows historical statements as periods with total and closing balance, warning when gross_amount (pence) disagrees", async () => {
    const { w, acc, opening, expected } = await world();
    const [s] = (await w.support.support.ledger({ filter: { accountNumber: acc.accountNumber } })).statements;
    const inPeriod = expected.filter((e) => e.id.endsWith("-H1") || e.id.endsWith("-H2"));
    expect(s).toMatchObject({
      from: "2026-09-01",
      to: "2026-10-31",
      grossAmountPence: 8430,
      billedPence: "8430",
      mismatch: false,
    });
    expect(p(s.periodTotal)).toBe(inPeriod.reduce((sum, e) => sum + e.effect, 0));
    expect(p(s.closingBalance)).toBe(opening + inPeriod.reduce((sum, e) => sum + e.effect, 0));
    const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, acc.accountNumber));
    await t.db
      .update(historicalStatements)
      .set({ grossAmountPence: 8000 })
      .where(eq(historicalStatements.accountId, row.id));
    const [changed] = (await w.support.support.ledger({ filter: { accountNumber: acc.accountNumber } })).statements;
    expect(changed).toMatchObject({ grossAmountPence: 8000, billedPence: "8430", mismatch: true });
    await t.db
      .update(historicalStatements)
      .set({ grossAmountPence: 8430 })
      .where(eq(historicalStatements.accountId, row.id));
  });

  it("exports what the filtered ledger shows as CSV: the opening balance, then each entry with its effect and balance after", async () => {
    const { w, acc, opening, expected } = await world();
    const shown = await w.support.support.ledger({
      filter: { accountNumber: acc.accountNumber, types: ["PAYMENT", "REPAYMENT"] },
    });
    const csv = await exportLedgerCsv(w.org.ctx, { accountNumber: acc.accountNumber, types: ["PAYMENT", "REPAYMENT"] });
    const [header, openingLine, ...lines] = csv.body
      .trimEnd()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(header).toEqual(LEDGER_CSV_HEADER);
    expect(p(openingLine[8])).toBe(opening);
    expect(openingLine[8]).toBe(shown.openingBalance);
    const col = (name: string) => LEDGER_CSV_HEADER.indexOf(name);
    expect(
      lines.map((l) => [l[col("transaction_id")], p(l[col("effect_on_balance")]), p(l[col("balance_after")])]),
    ).toEqual(shown.items.map((i) => [i.transactionId, p(i.effect), p(i.balance)]));
    expect(lines.map((l) => l[col("transaction_id")])).toEqual(
      expected.filter((e) => e.type === "PAYMENT" || e.type === "REPAYMENT").map((e) => e.id),
    );
  });

  it("warns when an imported entry repeats the balance carried over (the transfer balance counted twice)", async () => {
    const { w } = await world();
    const acc = await makeImportedAccount(w.org, w.supplier.code, { transfer_balance: "-42.17" });
    const ledgerOf = () => w.support.support.ledger({ filter: { accountNumber: acc.accountNumber } });
    expect((await ledgerOf()).carriedOverAgain).toEqual([]);
    const again = uniq("BAL");
    await makeTransactions(w.org, acc, [
      {
        transaction_id: uniq("TX"),
        transaction_date: "2026-11-05",
        type: "CHARGE",
        amount: "12.50",
        reason: "IMPORTED_CHARGE",
      },
      {
        transaction_id: again,
        transaction_date: "2026-11-01",
        type: "CHARGE",
        amount: "42.17",
        reason: "IMPORTED_CHARGE",
      },
    ]);
    expect(await ledgerOf()).toMatchObject({
      openingBalance: "-42.17",
      closingBalance: "-96.84",
      carriedOverAgain: [again],
    });
  });

  it("refuses bad filters with the field named, and another organisation's account is not found", async () => {
    const { w, acc } = await world();
    expect(
      await codeOf(
        w.support.support.ledger({
          filter: { accountNumber: acc.accountNumber, from: "2026-11-10", to: "2026-11-01" },
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(w.support.support.ledger({ filter: { accountNumber: acc.accountNumber, minAmount: "1e5" } })),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(w.outsider.support.ledger({ filter: { accountNumber: acc.accountNumber } }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.support.timeline({ accountNumber: acc.accountNumber }))).toBe("NOT_FOUND");
    expect(await codeOf(w.outsider.support.searchNotes({ accountNumber: acc.accountNumber, query: "bills" }))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("one clock for events, and the timeline", () => {
  it("orders a processed production-shaped account's events the same by seq and by occurred_at", async () => {
    const { acc } = await world();
    const rows = await t.db
      .select({ seq: events.seq, type: events.type, at: events.occurredAt })
      .from(events)
      .where(eq(events.accountNumber, acc.accountNumber))
      .orderBy(asc(events.seq));
    expect(rows.map((r) => r.type)).toContain("billing.ledger.entry_posted");
    const inversions = rows.filter((r, i) => i > 0 && r.at < rows[i - 1].at);
    expect(inversions).toEqual([]);
    const [{ n }] = await execRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from events where account_number = ${acc.accountNumber} and occurred_at < created_at`,
    );
    expect(n).toBe(0);
  });

  it("lists events, notes, transactions and import steps newest first, each linking to its detail", async () => {
    const { w, acc } = await world();
    const { items } = await w.support.support.timeline({ accountNumber: acc.accountNumber });
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(["event", "note", "transaction", "import"]));
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    expect(items.find((i) => i.kind === "import" && i.title === "Imported")?.href).toBe(
      `/accounts/import/${w.supplier.code}/${acc.external}`,
    );
    // Each opens that item itself: the event's envelope, the note, the ledger on the transaction's day.
    const [created] = await t.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.accountNumber, acc.accountNumber), eq(events.type, "account.created")));
    expect(items.find((i) => i.kind === "event" && i.title === "account.created")?.href).toBe(
      `/events?account=${acc.accountNumber}&event=${created.id}`,
    );
    const l3 = acc.posted.find((p) => p.transaction_id === `${acc.external}-L3`)!;
    // A transaction's amount is its effect on the balance, as the ledger shows it (one sign convention), its reason apart.
    const l3Item = items.find(
      (i) => i.kind === "transaction" && i.amount !== null && p(i.amount) === effectPence(l3) && i.title === l3.type,
    );
    expect(l3Item?.detail).toBe(l3.reason ?? l3.payment_type ?? null);
    const ledger = await w.support.support.ledger({ filter: { accountNumber: acc.accountNumber } });
    const sorted = (list: string[]) => list.map(p).sort((a, b) => a - b);
    expect(sorted(items.filter((i) => i.kind === "transaction").map((i) => i.amount!))).toEqual(
      sorted(ledger.items.map((i) => i.effect)),
    );
    expect(l3Item?.href).toBe(
      `/accounts/${acc.accountNumber}?tab=ledger&from=${l3.transaction_date}&to=${l3.transaction_date}`,
    );
    const note = items.find((i) => i.kind === "note")!;
    expect(note.href).toMatch(new RegExp(`^/accounts/${acc.accountNumber}\\?tab=notes#note-\\d+$`));
    expect(note.href.split("#note-")[1]).toBe(note.key);
    const ledgerEvents = items.filter((i) => i.title === "billing.ledger.entry_posted");
    expect(ledgerEvents.reduce((s, i) => s + i.count, 0)).toBe(acc.posted.length);
    const firstTwo = await w.support.support.timeline({ accountNumber: acc.accountNumber, limit: 2 });
    const rest = await w.support.support.timeline({
      accountNumber: acc.accountNumber,
      limit: 200,
      cursor: firstTwo.nextCursor,
    });
    expect([...firstTwo.items, ...rest.items].map((i) => `${i.kind}${i.key}`)).toEqual(
      items.map((i) => `${i.kind}${i.key}`),
    );
  });

  it("searches the account's notes by words, stemmed, with the words marked", async () => {
    const { w, acc } = await world();
    const found = await w.support.support.searchNotes({ accountNumber: acc.accountNumber, query: "bill" });
    expect(found.map((n) => n.headline)).toEqual(["Customer asked for paper \u0001bills\u0002 from next year."]);
    expect(await w.support.support.searchNotes({ accountNumber: acc.accountNumber, query: "refund" })).toEqual([]);
  });
});
