import postgres from "postgres";
import type { Db } from "@/db/client";
import { type Acc, makeAccounts, transactionsFor } from "./import-fixtures";
import type { Sent } from "./fault-load";

// Accounts, request bodies and the database check of bench/faults.ts.

export type FaultAccounts = { apiKey: string; supplierCode: string; accounts: Acc[] };

/**
 * The accounts the load posts to: staged and imported through the shared fixture helper.
 * The only place this harness stages accounts, so a change of the staging payload is made here.
 */
export function createAccounts(db: Db, n: number): Promise<FaultAccounts> {
  return makeAccounts(db, n);
}

const ref = (supplierCode: string, acc: Acc) => ({
  import_supplier: supplierCode,
  external_account_number: acc.external,
});

/** A transactions request: `n` new transactions of mixed types named `<prefix>-<i>`. */
export function transactionsBody(supplierCode: string, acc: Acc, prefix: string, n: number) {
  const transactions = transactionsFor(prefix, n);
  return {
    body: JSON.stringify({ ...ref(supplierCode, acc), transactions }),
    ids: transactions.map((t) => String(t.transaction_id)),
  };
}

/** A notes request: `n` new notes whose bodies are their ids. */
export function notesBody(supplierCode: string, acc: Acc, prefix: string, n: number) {
  const ids = Array.from({ length: n }, (_, i) => `Fault note ${prefix}-${i}`);
  return { body: JSON.stringify({ ...ref(supplierCode, acc), notes: ids.map((body) => ({ body })) }), ids };
}

export type StoreCheck = {
  problems: string[];
  stored2xx: number;
  storedDespite503: number;
  transactions: number;
  notes: number;
};

/**
 * From the database: every item of a 2xx answer stored exactly once, every item of an answer
 * that was not 2xx stored once or not at all and never half of a request, nothing stored
 * that was never sent, and one event per transaction and per note.
 */
export async function checkStored(url: string, supplierCode: string, sent: Sent[]): Promise<StoreCheck> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const problems: string[] = [];
  const add = (p: string) => problems.length < 20 && problems.push(p);
  try {
    const supplier = sql`(select id from import_suppliers where code = ${supplierCode})`;
    const txRows = await sql<{ ext: string; tid: string; id: string }[]>`
      select a.external_account_number ext, t.transaction_id tid, t.id::text id
      from transactions t join accounts a on a.id = t.account_id where a.supplier_id = ${supplier}`;
    const noteRows = await sql<{ ext: string; body: string; id: string }[]>`
      select a.external_account_number ext, n.body, n.id::text id
      from notes n join accounts a on a.id = n.account_id where a.supplier_id = ${supplier} and n.source = 'import'`;
    const count = new Map<string, number>();
    for (const r of txRows)
      count.set(`transactions/${r.ext}/${r.tid}`, (count.get(`transactions/${r.ext}/${r.tid}`) ?? 0) + 1);
    for (const r of noteRows) count.set(`notes/${r.ext}/${r.body}`, (count.get(`notes/${r.ext}/${r.body}`) ?? 0) + 1);

    const intended = new Set<string>();
    let stored2xx = 0;
    let storedDespite503 = 0;
    for (const s of sent) {
      const keys = s.ids.map((id) => `${s.kind}/${s.account}/${id}`);
      keys.forEach((k) => intended.add(k));
      const n = keys.map((k) => count.get(k) ?? 0);
      if (n.some((x) => x > 1)) add(`${s.kind} ${keys.join(",")}: stored ${n.join(",")} times`);
      if (s.status >= 200 && s.status < 300) {
        if (n.some((x) => x !== 1))
          add(`${s.kind} answered ${s.status} at ${s.at.toFixed(1)} s: stored ${n.join(",")} times`);
        else stored2xx++;
      } else if (n.some((x) => x !== n[0]))
        add(`${s.kind} answered ${s.status} at ${s.at.toFixed(1)} s: partly stored (${n.join(",")})`);
      else if (n[0] === 1) storedDespite503++;
    }
    for (const k of count.keys()) if (!intended.has(k)) add(`${k}: stored, never sent`);

    const posted = await sql<{ id: string; n: number }[]>`
      select source_id::text id, count(*)::int n from (
        select coalesce(f.id, (e.payload->'entry'->>'source_id')::bigint) source_id
        from events e left join lateral unnest(e.fanout_ids) as f(id) on true
        where e.type = 'billing.ledger.entry_posted' and e.account_number in (select number from accounts where supplier_id = ${supplier})) x
      group by 1`;
    const postedBy = new Map(posted.map((p) => [p.id, p.n]));
    for (const r of txRows)
      if (postedBy.get(r.id) !== 1)
        add(`transaction ${r.ext}/${r.tid}: ${postedBy.get(r.id) ?? 0} entry_posted events`);
    const noteEvents = await sql<{ id: string; n: number }[]>`
      select payload->>'identifier' id, count(*)::int n from events
      where type = 'data_import.import_process.post_import.completed' and payload->>'resource_type' = 'note'
        and account_number in (select number from accounts where supplier_id = ${supplier}) group by 1`;
    const noteEventsBy = new Map(noteEvents.map((e) => [e.id, e.n]));
    for (const r of noteRows)
      if (noteEventsBy.get(r.id) !== 1)
        add(`note ${r.id}: ${noteEventsBy.get(r.id) ?? 0} post_import.completed events`);
    return { problems, stored2xx, storedDespite503, transactions: txRows.length, notes: noteRows.length };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
