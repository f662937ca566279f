import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, execRows } from "@/db/client";
import { accounts, consoleUsers, events, notes, organisations, products, transactions } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { isValidMpan } from "@/server/lib/validators";
import { getPublicAccount } from "@/server/services/accounts/get-public-account";
import { getLedger } from "../support/get-ledger";
import { listSuppliers } from "@/server/services/suppliers/list-suppliers";
import { useTestDb } from "@/test/db";
import { signInConsoleUser } from "../../auth/console-credentials";
import { DEMO_ORG_NUMBER, DEMO_USERS, loadDemo } from "./load-demo";

const t = useTestDb();

class Rollback extends Error {}

/** Distributor id (the MPAN's first two digits) → GSP group letter, as the industry assigns them. */
const REGION_OF_DISTRIBUTOR: Record<string, string> = {
  "10": "A",
  "11": "B",
  "12": "C",
  "13": "D",
  "14": "E",
  "15": "F",
  "16": "G",
  "17": "P",
  "18": "N",
  "19": "J",
  "20": "H",
  "21": "K",
  "22": "L",
  "23": "M",
};
const TOWN_REGION: Record<string, string> = {
  London: "C",
  Bristol: "L",
  Edinburgh: "N",
  Manchester: "G",
  Cambridge: "A",
  Oxford: "H",
};

describe("demo data set", () => {
  it("has suppliers in every status, imported and staged accounts, two logins, products and activity", async () => {
    // Inside a transaction that is rolled back, so the fixed demo codes never collide on a shared server.
    await expect(
      t.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const demo = await loadDemo(tx, { documentRoot: "file:///tmp/km-demo-docs" });
        const suppliers = await listSuppliers(systemCtx(tx, "test", demo.organisation.id));
        expect(suppliers.map((s) => [s.code, s.status, s.counts.imported, s.counts.staged])).toEqual([
          ["DEMO-COMPLETE", "Complete", 1, 0],
          ["DEMO-ONGOING", "Ongoing", 3, 1],
          ["DEMO-PAUSED", "Paused", 2, 0],
        ]);
        expect(demo.apiKey).toMatch(/^sk_live_/);
        for (const u of DEMO_USERS)
          expect(await signInConsoleUser(tx, { email: u.email, password: u.password }, "127.0.0.1")).toMatchObject({
            role: u.role,
          });
        const accs = await tx.select().from(accounts).where(inArray(accounts.number, demo.importedAccounts));
        expect(accs.every((a) => a.openStatementPeriodStart === "2026-11-01")).toBe(true);
        expect((await tx.select().from(products)).length).toBeGreaterThanOrEqual(5);
        const first = accs.find((a) => a.number === demo.importedAccounts[0])!;
        expect((await tx.select().from(notes).where(eq(notes.accountId, first.id))).length).toBeGreaterThanOrEqual(2);
        // The balance carried over is the transfer balance alone, collected by one payment: counted once (issue 39 item 3).
        expect(Number(first.transferBalance)).toBe(-42.17);
        const entries = await tx.select().from(transactions).where(eq(transactions.accountId, first.id));
        expect(entries.map((e) => [e.type, Number(e.amount)]).sort()).toEqual([
          ["CHARGE", 3.5],
          ["CREDIT", 10],
          ["PAYMENT", 42.17],
        ]);
        const ledger = await getLedger(systemCtx(tx, "test", demo.organisation.id), {
          filter: { accountNumber: first.number },
        });
        expect([ledger.openingBalance, ledger.totals.net, ledger.closingBalance].map(Number)).toEqual([
          -42.17, 48.67, 6.5,
        ]);
        expect(ledger.carriedOverAgain).toEqual([]);
        const types = new Set(
          (await tx.select().from(events).where(eq(events.accountNumber, first.number))).map((e) => e.type),
        );
        expect([...types]).toEqual(
          expect.arrayContaining([
            "account.created",
            "billing.ledger.entry_posted",
            "meterpoint.elec.cos_gain.registration.requested",
          ]),
        );
        // What a client derives: region from the MPAN's distributor id; it must match the tariffs and the town.
        const orgCtx = systemCtx(tx, "test", demo.organisation.id);
        const seen: string[] = [];
        for (const number of demo.importedAccounts) {
          const { properties } = await getPublicAccount(orgCtx, { account_number: number });
          for (const p of properties) {
            for (const e of p.electricity_meter_points) {
              expect(isValidMpan(e.mpan), e.mpan).toBe(true);
              const region = REGION_OF_DISTRIBUTOR[e.mpan.slice(0, 2)];
              expect(TOWN_REGION[p.town], `${p.town} ${e.mpan}`).toBe(region);
              const tariffs = [...e.agreements, ...p.gas_meter_points.flatMap((g) => g.agreements)].map(
                (a) => a.tariff_code,
              );
              for (const code of tariffs) expect(code.at(-1), `${code} at ${p.town}`).toBe(region);
              seen.push(region);
            }
          }
        }
        expect(new Set(seen).size).toBeGreaterThan(3);
        // Its meters carry the demo consumption (demo-consumption.test.ts checks its shape).
        const [{ n }] = await execRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from consumption_intervals i join consumption_meters m on m.id = i.meter_id where m.organisation_id = ${demo.organisation.id}`,
        );
        expect(n).toBeGreaterThan(0);
        // Every demo meter is a SMETS2 smart meter whose device the demo's inventory describes.
        const devices = await execRows<{ meters: number; known: number }>(
          tx,
          sql`select count(*)::int as meters, count(d.id)::int as known from meter_points mp join accounts a on a.id = mp.account_id
              join import_suppliers s on s.id = a.supplier_id cross join jsonb_array_elements(mp.meters) m
              left join smart_meter_devices d on d.organisation_id = s.organisation_id and d.device_id = m->>'smart_device_id'
              where s.organisation_id = ${demo.organisation.id} and m->>'smart_type' = 'SMETS2'`,
        );
        expect(devices[0].meters).toBeGreaterThan(5);
        expect(devices[0].known).toBe(devices[0].meters);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  }, 120_000);

  it("leaves nothing behind when it fails part-way (one transaction), so the next start loads it whole", async () => {
    // The organisation and the logins are created before the suppliers; a bad document root stops it there.
    await expect(loadDemo(t.db, { documentRoot: "ftp://not-a-document-store" })).rejects.toThrow();
    expect(await t.db.select().from(organisations).where(eq(organisations.number, DEMO_ORG_NUMBER))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(consoleUsers)
        .where(
          inArray(
            consoleUsers.email,
            DEMO_USERS.map((u) => u.email),
          ),
        ),
    ).toEqual([]);
  });
});
