import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organisations } from "@/db/schema";
import { type Ctx, systemCtx } from "../../context";
import { ServiceError } from "../../errors";
import { processAccountImport } from "../account-import/process-account-import";
import { StageAccountInput } from "../account-import/account-schemas";
import { stageAccount } from "../account-import/stage-account";
import { createOrganisation } from "../organisations/create-organisation";
import { createSupplier } from "../suppliers/create-supplier";
import { setSupplierStatus } from "../suppliers/set-supplier-status";
import { createConsoleUser } from "../users/create-console-user";
import { loadDemoProducts } from "../products/demo-products";
import { loadDemoActivity } from "./demo-activity";
import { loadSmartDeviceInventory } from "../smart-devices/load-smart-device-inventory";
import { demoAccounts, demoSmartDeviceInventory } from "./demo-accounts";
import { loadDemoConsumption } from "./demo-consumption";
import { addDays } from "../../lib/time";

export const DEMO_ORG_NUMBER = "ORG-DEMO";
export const DEMO_USERS = [
  { email: "operator@demo.example", name: "Olivia Operator", role: "operator" as const, password: "operator-demo-1" },
  { email: "support@demo.example", name: "Sam Support", role: "support" as const, password: "support-demo-1" },
];

export async function isDatabaseEmpty(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(organisations);
  return n === 0;
}

/**
 * One organisation, suppliers in every status, imported and staged accounts, two logins,
 * products: all in one transaction, so a start-up stopped half-way leaves no partial set
 * (which the next start would take for a loaded database, and `demo` would refuse).
 */
export async function loadDemo(db: Db, opts: { documentRoot: string }) {
  return db.transaction((tx) => loadDemoIn(tx as unknown as Db, opts));
}

async function loadDemoIn(db: Db, opts: { documentRoot: string }) {
  // Every service joins this transaction instead of committing its own.
  const demoCtx = (organisationId?: number): Ctx => ({ ...systemCtx(db, "demo", organisationId), inTransaction: true });
  const [existing] = await db.select().from(organisations).where(eq(organisations.number, DEMO_ORG_NUMBER));
  if (existing) throw new ServiceError("conflict", "demo_already_loaded", "The demo data set is already loaded.");
  await loadDemoProducts(demoCtx());
  const { organisation, apiKey } = await createOrganisation(demoCtx(), {
    name: "Demo Energy",
    number: DEMO_ORG_NUMBER,
  });
  const ctx = demoCtx(organisation.id);
  for (const u of DEMO_USERS) await createConsoleUser(ctx, u);
  const suppliers = {
    ongoing: await createSupplier(ctx, {
      code: "DEMO-ONGOING",
      name: "Demo cohort 1 (ongoing)",
      documentRoot: opts.documentRoot,
      sendAutomatedEmails: true,
    }),
    paused: await createSupplier(ctx, {
      code: "DEMO-PAUSED",
      name: "Demo cohort 2 (paused)",
      documentRoot: opts.documentRoot,
    }),
    complete: await createSupplier(ctx, {
      code: "DEMO-COMPLETE",
      name: "Demo cohort 0 (complete)",
      documentRoot: opts.documentRoot,
    }),
  };
  const accounts = demoAccounts();
  let i = 0;
  const imported: string[] = [];
  for (const a of accounts) {
    i += 1;
    const code = i <= 4 ? suppliers.ongoing.code : i <= 6 ? suppliers.paused.code : suppliers.complete.code;
    const body = StageAccountInput.parse(a(code));
    const external = body.external_account_number!;
    await stageAccount(ctx, body);
    if (i === 4) continue; // one account stays staged
    const res = await processAccountImport(ctx, {
      import_supplier: code,
      external_account_number: external,
      dry_run: false,
    });
    imported.push(res.account_number);
    if (imported.length <= 2)
      await loadDemoActivity(
        ctx,
        code,
        external,
        addDays(body.last_billed_to_date!, 1),
        String(body.transfer_balance ?? "0"),
      );
  }
  await loadDemoConsumption(db, organisation.id);
  await loadSmartDeviceInventory(ctx, {
    format: "json",
    fileName: "demo-inventory.json",
    content: JSON.stringify(demoSmartDeviceInventory()),
  });
  suppliers.paused = await setSupplierStatus(ctx, { code: suppliers.paused.code, status: "Paused" });
  suppliers.complete = await setSupplierStatus(ctx, { code: suppliers.complete.code, status: "Complete" });
  return { organisation, apiKey: apiKey!.key, users: DEMO_USERS, suppliers, importedAccounts: imported };
}
