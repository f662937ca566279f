// Two jobs, one file:
//  - `tsx e2e/global-setup.ts seed` runs BEFORE the server starts (it is part of the webServer
//    command): it seeds a fresh database through the service verbs and writes e2e state.
//  - Playwright's globalSetup (the default export) runs once the server is up: it signs the
//    seeded users in through Auth.js's own endpoints and saves their storageState.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request, type FullConfig } from "@playwright/test";
import { env } from "@/server/env.mjs";

export const STATE_DIR = path.resolve(env.E2E_STATE_DIR);
export const SEED_FILE = path.join(STATE_DIR, "seed.json");
export const PASSWORD = "e2e-password-123";

export type Seed = {
  apiKey: string;
  organisation: string;
  suppliers: { ongoing: string; toPause: string; complete: string; forSupport: string };
  users: { operator: string; support: string; outsider: string };
  accounts: { accountNumber: string; externalAccountNumber: string; importSupplier: string; mpan: string; mprn: string }[];
  /** accounts[0]'s meters, with half-hourly reads over the 2026 autumn clock change. */
  consumption?: { mpan: string; elecSerial: string; mprn: string; gasSerial: string; intervals: number };
};

export function readSeed(): Seed {
  return JSON.parse(fs.readFileSync(SEED_FILE, "utf8")) as Seed;
}

export function storageStateFor(role: "operator" | "support"): string {
  return path.join(STATE_DIR, `${role}.json`);
}

/** Earlier runs' embedded databases (playwright.config.ts makes one per run under the temp dir). */
function removeStaleDatabases(keep: string | undefined) {
  const dir = os.tmpdir();
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!name.startsWith("km-e2e-pglite-") || full === keep || full === `${keep}.lock`) continue;
    if (Date.now() - fs.statSync(full).mtimeMs > 6 * 3600_000) fs.rmSync(full, { recursive: true, force: true });
  }
}

async function seed() {
  removeStaleDatabases(env.PGLITE_DIR);
  const { openDatabase } = await import("@/db/client");
  const { systemCtx } = await import("@/server/context");
  const { createOrganisation } = await import("@/server/services/organisations/create-organisation");
  const { createSupplier } = await import("@/server/services/suppliers/create-supplier");
  const { createConsoleUser } = await import("@/server/services/users/create-console-user");
  const { StageAccountInput } = await import("@/server/services/account-import/account-schemas");
  const { stageAccount } = await import("@/server/services/account-import/stage-account");
  const { processAccountImport } = await import("@/server/services/account-import/process-account-import");
  const { loadDemoProducts } = await import("@/server/services/products/demo-products");
  const { accountPayload } = await import("@/test/fixtures");
  const { loadConsumption } = await import("@/server/services/consumption/load-consumption");

  const handle = await openDatabase();
  const sfx = Date.now().toString(36).toUpperCase();
  const sys = systemCtx(handle.db, "e2e-seed");
  // The shared product catalogue (its tariff codes are the ones the seeded accounts use).
  await loadDemoProducts(sys);
  // Agile as a demo loaded ten days ago also left it: enough half hours for a full 1,500-rate page.
  await loadDemoProducts(sys, { only: ["AGILE-24-10-01"], now: new Date(Date.now() - 10 * 86_400_000) });
  const { organisation, apiKey } = await createOrganisation(sys, { name: "Bright Sparks Energy" });
  const ctx = systemCtx(handle.db, "e2e-seed", organisation.id);
  const suppliers = { ongoing: `BRIGHT-${sfx}`, toPause: `COHORT-B-${sfx}`, complete: `LEGACY-${sfx}`, forSupport: `SUPPORT-${sfx}` };
  await createSupplier(ctx, { code: suppliers.ongoing, name: "Bright Sparks main book", documentRoot: `s3://bright-sparks/${sfx}/docs` });
  await createSupplier(ctx, { code: suppliers.toPause, name: "Cohort B (prepay)", documentRoot: `s3://bright-sparks/${sfx}/cohort-b` });
  await createSupplier(ctx, { code: suppliers.complete, name: "Legacy book", documentRoot: `file:///srv/legacy/${sfx}`, status: "Complete" });
  await createSupplier(ctx, { code: suppliers.forSupport, name: "Support walkthrough", documentRoot: `s3://bright-sparks/${sfx}/support` });
  const users = { operator: `operator-${sfx}@e2e.test`.toLowerCase(), support: `support-${sfx}@e2e.test`.toLowerCase(), outsider: `outsider-${sfx}@e2e.test`.toLowerCase() };
  await createConsoleUser(ctx, { email: users.operator, name: "Olivia Operator", password: PASSWORD, role: "operator" });
  await createConsoleUser(ctx, { email: users.support, name: "Sam Support", password: PASSWORD, role: "support" });
  const other = await createOrganisation(sys, { name: "Elsewhere Power" });
  await createConsoleUser(systemCtx(handle.db, "e2e-seed", other.organisation.id), { email: users.outsider, name: "Oscar Outsider", password: PASSWORD, role: "operator" });

  const accounts: Seed["accounts"] = [];
  const closing = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() - 20 * 86_400_000));
  const names = [["Ada", "Lovelace"], ["Grace", "Hopper"], ["Alan", "Turing"]];
  for (const [i, [given, family]] of names.entries()) {
    const external = `BS-${sfx}-${i + 1}`;
    // Production's EnergyAccount (both fuels, meters, registers, a transfer reading), as a migration script sends it.
    const payload = StageAccountInput.parse(
      accountPayload(suppliers.ongoing, external, {
        billing_name: `${given} ${family}`,
        billing_address1: `${i + 1} Analytical Row`,
        customers: [{ given_name: given, family_name: family, email: `${given.toLowerCase()}@example.com`, mobile: "07911 123456" }],
        last_billed_to_date: closing,
      }),
    );
    const points = payload.supply_addresses![0].meter_points!;
    const mpan = points.find((p) => p.supply_type === "ELECTRICITY")!.identifier;
    const mprn = points.find((p) => p.supply_type === "GAS")!.identifier;
    await stageAccount(ctx, payload);
    const r = await processAccountImport(ctx, { import_supplier: suppliers.ongoing, external_account_number: external, dry_run: false });
    accounts.push({ accountNumber: r.account_number, externalAccountNumber: external, importSupplier: suppliers.ongoing, mpan, mprn });
  }
  // 2026-10-24 00:00 BST to 2026-10-27 00:00 GMT (146 half hours) for the first account's two meters
  // (test/fixtures.ts names them E/G + the MPAN's/MPRN's last six digits).
  const first = accounts[0];
  const consumption = { mpan: first.mpan, elecSerial: `E${first.mpan.slice(-6)}`, mprn: first.mprn, gasSerial: `G${first.mprn.slice(-6)}`, intervals: 146 };
  const rows = ["mpxn,serial_number,interval_start,consumption"];
  for (let i = 0; i < consumption.intervals; i++) {
    const at = new Date(Date.parse("2026-10-23T23:00:00Z") + i * 1_800_000).toISOString();
    rows.push(`${first.mpan},${consumption.elecSerial},${at},${(0.1 + (i % 10) * 0.01).toFixed(3)}`, `${first.mprn},${consumption.gasSerial},${at},0.5`);
  }
  await loadConsumption(ctx, { chunks: (async function* () { yield rows.join("\n"); })(), format: "csv" });
  await handle.close();
  const state: Seed = { apiKey: apiKey!.key, organisation: organisation.number, suppliers, users, accounts, consumption };
  fs.mkdirSync(STATE_DIR, { recursive: true });
  fs.writeFileSync(SEED_FILE, JSON.stringify(state, null, 2));
  console.log(`e2e seed: organisation ${organisation.number}, suppliers ${Object.values(suppliers).join(", ")}`);
}

/** Signs in through Auth.js's CSRF + credentials callback, as the browser form would, and keeps the cookies. */
async function signInState(baseURL: string, email: string, file: string) {
  const ctx = await request.newContext({ baseURL });
  const { csrfToken } = (await (await ctx.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await ctx.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: PASSWORD, callbackUrl: "/suppliers" }, maxRedirects: 0 });
  if (res.status() !== 302 || (res.headers().location ?? "").includes("error")) throw new Error(`sign-in for ${email} failed: ${res.status()} ${res.headers().location}`);
  await ctx.storageState({ path: file });
  await ctx.dispose();
}

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL ?? "http://127.0.0.1:3100";
  const s = readSeed();
  await signInState(baseURL, s.users.operator, storageStateFor("operator"));
  await signInState(baseURL, s.users.support, storageStateFor("support"));
}

if (process.argv[2] === "seed") {
  seed().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
