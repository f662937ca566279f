import postgres from "postgres";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { fullDomesticAccount } from "@/test/factories/energy-account";
import type { Sent } from "./fault-load";

// The account side of bench/faults.ts: production-shaped accounts (both fuels, meters,
// registers, readings, agreements) staged with create-or-update/ and processed with process/,
// and the database check that each is imported whole and once.

const RUN = String(Date.now() % 10_000).padStart(4, "0");
let serial = 0;

/** A new production-shaped account's staging body and its process body. */
export function accountBodies(supplierCode: string) {
  serial += 1;
  const idx = String(serial).padStart(6, "0");
  const external = `FAULT-ACC-${RUN}-${idx}`;
  const stage = fullDomesticAccount({
    supplier: supplierCode,
    external,
    mpan: withMpanCheckDigit(`12${RUN}${idx}`),
    mprn: `8${RUN.slice(1)}${idx}`,
  });
  return {
    external,
    stage: JSON.stringify(stage),
    process: JSON.stringify({ import_supplier_code: supplierCode, external_account_number: external }),
  };
}

/** Whether a process/ answer says the account was imported by an earlier attempt of the same request. */
export const alreadyImported = (a: Sent) => a.status === 400 && a.code === "account_already_imported";

export type AccountCheck = { problems: string[]; imported: number; importedDespiteFailure: number; shape: string };

/**
 * Every account whose process/ was answered 201 (or `account_already_imported` after an
 * earlier attempt that got no answer or a 5xx) is imported exactly once, its import record
 * `imported`, with the same rows as every other (meter points, agreements, readings,
 * customers) and one `account.created` and one `import_process.complete` event; an account
 * whose processing was never answered 2xx is either not imported or imported whole; nothing
 * is imported that was not sent.
 */
export async function checkAccounts(url: string, supplierCode: string, sent: Sent[]): Promise<AccountCheck> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const problems: string[] = [];
  const add = (p: string) => problems.length < 20 && problems.push(p);
  try {
    const rows = await sql<{ ext: string; number: string; n: number; shape: string; status: string | null }[]>`
      select a.external_account_number ext, a.number, count(*) over (partition by a.external_account_number)::int n,
        concat_ws('/', (select count(*) from meter_points m where m.account_id = a.id), (select count(*) from agreements g where g.account_id = a.id),
          (select count(*) from meter_readings r join meter_points m on m.id = r.meter_point_id where m.account_id = a.id),
          (select count(*) from customers c where c.account_id = a.id),
          (select count(*) from events e where e.account_number = a.number and e.type = 'account.created'),
          (select count(*) from events e where e.account_number = a.number and e.type = 'data_import.import_process.complete')) shape,
        (select p.status from account_import_processes p where p.account_id = a.id) status
      from accounts a join import_suppliers s on s.id = a.supplier_id
      where s.code = ${supplierCode} and a.external_account_number like 'FAULT-ACC-%'`;
    const byExt = new Map(rows.map((r) => [r.ext, r]));
    const shapes = new Map<string, number>();
    for (const r of rows) shapes.set(r.shape, (shapes.get(r.shape) ?? 0) + 1);
    const shape = [...shapes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "-";
    if (!/\/1\/1$/.test(shape))
      add(
        `the usual imported account has shape ${shape} (meter points/agreements/readings/customers/account.created/complete)`,
      );
    for (const r of rows) {
      if (r.n !== 1) add(`account ${r.ext}: imported ${r.n} times`);
      if (r.shape !== shape) add(`account ${r.ext}: rows ${r.shape}, the others ${shape} (partly imported)`);
      if (r.status !== "imported") add(`account ${r.ext}: import record ${r.status}`);
    }

    const processes = new Map<string, Sent[]>();
    const staged = new Set<string>();
    for (const s of sent) {
      if (s.kind === "process") processes.set(s.account, [...(processes.get(s.account) ?? []), s]);
      if (s.kind === "stage") staged.add(s.account);
    }
    let imported = 0;
    let importedDespiteFailure = 0;
    for (const [ext, attempts] of processes) {
      const ok = attempts.findIndex((a) => a.status >= 200 && a.status < 300);
      const already = attempts.findIndex(alreadyImported);
      const stored = byExt.has(ext);
      if (ok >= 0 || already >= 0) {
        const first = Math.min(...[ok, already].filter((i) => i >= 0));
        if (!stored)
          add(
            `account ${ext}: process/ answered ${attempts[first].status} at ${attempts[first].at.toFixed(1)} s, not imported`,
          );
        else imported++;
        if (
          already >= 0 &&
          (already === 0 ||
            !attempts.slice(0, already).every((a) => a.status === 0 || a.status === 429 || a.status >= 500))
        )
          add(`account ${ext}: account_already_imported with no earlier attempt that went unanswered`);
      } else if (stored) importedDespiteFailure++;
    }
    for (const ext of byExt.keys())
      if (!processes.has(ext)) add(`account ${ext}: imported, never processed through the API`);
    for (const ext of processes.keys()) if (!staged.has(ext)) add(`account ${ext}: processed, never staged`);
    return { problems, imported, importedDespiteFailure, shape };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
